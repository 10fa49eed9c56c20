import { MESSAGES } from '@/generated/rules'

/**
 * Sentences of domain/rules messages that the app says itself (not the API, which words its own answers in the
 * language the app asks for), named by their key: `message(text)` of useI18n() finds the key of such an English
 * sentence and says it in the person's language.
 */
export default {
  FALLBACK_ERROR: MESSAGES.FALLBACK_ERROR,
  OFFLINE_ACTION_REFUSED: MESSAGES.OFFLINE_ACTION_REFUSED,
  NOTIFICATION_SUBSCRIBE_FAILED: MESSAGES.NOTIFICATION_SUBSCRIBE_FAILED,
} as const
