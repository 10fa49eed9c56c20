import type en from '../en/messages'
import type { Translation } from '@/i18n/catalog'

export default {
  FALLBACK_ERROR: 'कोई गड़बड़ी हो गई!',
  OFFLINE_ACTION_REFUSED: 'आप ऑफ़लाइन हैं, इसलिए यह नहीं भेजा गया। ऑनलाइन वापस आने पर फिर से कोशिश करें।',
  NOTIFICATION_SUBSCRIBE_FAILED: 'नोटिफ़िकेशन के लिए सब्सक्राइब नहीं हो सका',
} satisfies Translation<typeof en>
