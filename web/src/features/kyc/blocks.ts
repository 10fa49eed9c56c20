/** What the identity feature draws inside other screens; the app sets each one in its place. */
export { KycPrompt } from './components/KycPrompt'
