export { ChatListScreen } from './components/ChatListScreen'
export { ChatRoomScreen } from './components/ChatRoomScreen'
