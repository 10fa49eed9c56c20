import app from './app'
import auth from './auth'
import common from './common'
import messages from './messages'
import person from './person'
import settings from './settings'
import { merge } from '@/i18n/catalog'

/** English: the source every other catalog translates, and the language of the first paint. */
export const en = merge({ app, auth, common, messages, person, settings })

export type English = typeof en
export type Key = keyof English & string
