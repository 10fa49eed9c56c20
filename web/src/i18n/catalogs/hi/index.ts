import app from './app'
import auth from './auth'
import chat from './chat'
import common from './common'
import home from './home'
import kyc from './kyc'
import messages from './messages'
import notifications from './notifications'
import person from './person'
import profile from './profile'
import profileSetup from './profileSetup'
import settings from './settings'
import tripCard from './tripCard'
import trips from './trips'
import type { English } from '../en'
import { merge, type Translation } from '@/i18n/catalog'

const catalog: Translation<English> = merge({ app, auth, chat, common, home, kyc, messages, notifications, person, profile, profileSetup, settings, tripCard, trips })
export default catalog
