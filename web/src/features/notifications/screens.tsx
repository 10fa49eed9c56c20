export { NotificationsScreen } from './components/NotificationsScreen'
