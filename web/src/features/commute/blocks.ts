/** What the commute feature draws inside other screens; the app sets each one in its place. */
export { CommuteList } from './components/CommuteList'
