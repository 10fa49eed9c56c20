import type en from '../en/person'
import type { Translation } from '@/i18n/catalog'

export default {
  profileOf: '{name} ಅವರ ಪ್ರೊಫೈಲ್',
  someone: 'Humsafar',
  loading: 'ಪ್ರೊಫೈಲ್ ಲೋಡ್ ಆಗುತ್ತಿದೆ…',
  details: 'ಪ್ರೊಫೈಲ್ ವಿವರಗಳು',
  verified: 'ಪರಿಶೀಲಿತ ಪ್ರೊಫೈಲ್',
  edit: 'ಪ್ರೊಫೈಲ್ ಬದಲಿಸಿ',
  male: 'ಪುರುಷ',
  female: 'ಮಹಿಳೆ',
  others: 'ಇತರೆ',
  age: { one: '{count} ವರ್ಷ', other: '{count} ವರ್ಷ' },
  rating: 'ರೇಟಿಂಗ್',
  flagged: 'ದೂರುಗಳು',
  referrals: 'ರೆಫರಲ್‌ಗಳು',
  record: 'ದಾಖಲೆ',
  tripsCompleted: 'ಪೂರ್ಣಗೊಂಡ ಟ್ರಿಪ್‌ಗಳು',
  lateCancels: 'ಕೊನೆ ಕ್ಷಣದ ಕ್ಯಾನ್ಸಲ್',
  noShows: 'ಬಾರದೇ ಇದ್ದದ್ದು',
  linkedIn: 'LinkedIn ಪ್ರೊಫೈಲ್',
  seeReviews: 'ರಿವ್ಯೂಗಳನ್ನು ನೋಡಿ',
  referralCode: 'ರೆಫರಲ್ ಕೋಡ್',
  copyReferralCode: 'ರೆಫರಲ್ ಕೋಡ್ ಕಾಪಿ ಮಾಡಿ',
  copied: 'ಕಾಪಿ ಆಯಿತು',
} satisfies Translation<typeof en>
