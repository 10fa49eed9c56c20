import app from './app'
import auth from './auth'
import common from './common'
import messages from './messages'
import person from './person'
import settings from './settings'
import type { English } from '../en'
import { merge, type Translation } from '@/i18n/catalog'

const catalog: Translation<English> = merge({ app, auth, common, messages, person, settings })
export default catalog
