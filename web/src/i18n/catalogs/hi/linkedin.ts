import type en from '../en/linkedin'
import type { Translation } from '@/i18n/catalog'

export default {
  title: 'LinkedIn वेरिफ़िकेशन',
  verifying: 'आपकी LinkedIn प्रोफ़ाइल वेरिफ़ाई हो रही है…',
  goToProfile: 'प्रोफ़ाइल पर जाएँ',
  linked: 'LinkedIn प्रोफ़ाइल वेरिफ़ाई हो गई',
  verifyFailed: 'आपका अकाउंट वेरिफ़ाई करते समय कोई गड़बड़ी हुई।',
  unexpected: 'कोई अनचाही गड़बड़ी हो गई।',
} satisfies Translation<typeof en>
