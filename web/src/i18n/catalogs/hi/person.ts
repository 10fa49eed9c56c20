import type en from '../en/person'
import type { Translation } from '@/i18n/catalog'

export default {
  profileOf: '{name} की प्रोफ़ाइल',
  someone: 'Humsafar',
  loading: 'प्रोफ़ाइल लोड हो रही है…',
  details: 'प्रोफ़ाइल की जानकारी',
  verified: 'वेरिफ़ाइड प्रोफ़ाइल',
  edit: 'प्रोफ़ाइल बदलें',
  male: 'पुरुष',
  female: 'महिला',
  others: 'अन्य',
  age: { one: '{count} साल', other: '{count} साल' },
  rating: 'रेटिंग',
  flagged: 'शिकायतें',
  referrals: 'रेफ़रल',
  record: 'रिकॉर्ड',
  tripsCompleted: 'पूरी की गई ट्रिप',
  lateCancels: 'आख़िरी समय पर कैंसल',
  noShows: 'नहीं पहुँचे',
  linkedIn: 'LinkedIn प्रोफ़ाइल',
  seeReviews: 'रिव्यू देखें',
  referralCode: 'रेफ़रल कोड',
  copyReferralCode: 'रेफ़रल कोड कॉपी करें',
  copied: 'कॉपी हो गया',
} satisfies Translation<typeof en>
