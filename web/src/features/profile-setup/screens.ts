export { CreateProfileScreen } from './components/CreateProfileScreen'
export { EditProfileScreen } from './components/EditProfileScreen'
