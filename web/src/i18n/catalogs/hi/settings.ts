import type en from '../en/settings'
import type { Translation } from '@/i18n/catalog'

export default {
  title: 'सेटिंग्स',
  notifications: 'ऐप नोटिफ़िकेशन',
  safety: 'सुरक्षा',
  emergencyContacts: 'इमरजेंसी कॉन्टैक्ट',
  account: 'अकाउंट',
  deleteAccount: 'अकाउंट डिलीट करें',
  deleteWarning: 'आपकी प्रोफ़ाइल, ट्रिप और चैट हटा दी जाएँगी। इसे वापस नहीं लाया जा सकता।',
  deleteConfirm: 'हाँ, डिलीट करें',
} satisfies Translation<typeof en>
