export { LoginScreen } from './components/LoginScreen'
export { OtpScreen } from './components/OtpScreen'
