import type en from '../en/messages'
import type { Translation } from '@/i18n/catalog'

export default {
  FALLBACK_ERROR: 'कोई गड़बड़ी हो गई!',
  OFFLINE_ACTION_REFUSED: 'आप ऑफ़लाइन हैं, इसलिए यह नहीं भेजा गया। ऑनलाइन वापस आने पर फिर से कोशिश करें।',
  CSRF_REFUSED: 'रिक्वेस्ट पूरी नहीं हो सकी। कृपया ऐप को रीलोड करके फिर से कोशिश करें।',
  NOTIFICATION_SUBSCRIBE_FAILED: 'नोटिफ़िकेशन के लिए सब्सक्राइब नहीं हो सका',
  NOTIFICATION_PERMISSION_DENIED: 'नोटिफ़िकेशन की अनुमति नहीं मिली। कृपया ऐप की सेटिंग बदलकर फिर से कोशिश करें।',
  NOTIFICATION_UNSUPPORTED: 'आपका ब्राउज़र नोटिफ़िकेशन सपोर्ट नहीं करता',
  SERVICE_WORKER_UNSUPPORTED: 'सर्विस वर्कर सपोर्ट नहीं है',
  OTP_TOO_MANY_TRIES: 'बहुत बार गलत OTP डाला गया है। कृपया नया OTP मँगवाएँ।',
  OTP_EXPIRED: 'OTP की समय-सीमा खत्म हो गई है। कृपया नया OTP मँगवाएँ।',
  OTP_LOGIN_TOKEN_INVALID: 'यह OTP अब मान्य नहीं है। कृपया नया OTP मँगवाएँ।',
} satisfies Translation<typeof en>
