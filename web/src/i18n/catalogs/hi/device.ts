import type en from '../en/device'
import type { Translation } from '@/i18n/catalog'

export default {
  copyNotAllowed: 'कॉपी करने की अनुमति नहीं मिली: टेक्स्ट चुनकर खुद कॉपी करें',
  locationFetchFailed: 'लोकेशन नहीं मिल सकी। कृपया ख़ुद डालें।',
  locationPermissionNeeded: 'लोकेशन पाने के लिए कृपया लोकेशन की अनुमति दें',
  locationPermissionProblem: 'लोकेशन लेने में दिक्कत हुई। कृपया अनुमतियाँ जाँचें।',
  pushServiceUnreachable:
    'इस ब्राउज़र की पुश सर्विस से संपर्क नहीं हो सका, इसलिए अभी यहाँ नोटिफ़िकेशन चालू नहीं हो सकते। बाद में फिर से कोशिश करें।',
  pushServerFailed: 'नोटिफ़िकेशन चालू नहीं हो सके: हमारा सर्वर इस डिवाइस को सेव नहीं कर सका। थोड़ी देर में फिर से कोशिश करें।',
} satisfies Translation<typeof en>
