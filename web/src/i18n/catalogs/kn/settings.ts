import type en from '../en/settings'
import type { Translation } from '@/i18n/catalog'

export default {
  title: 'ಸೆಟ್ಟಿಂಗ್‌ಗಳು',
  notifications: 'ಆ್ಯಪ್ ನೋಟಿಫಿಕೇಶನ್',
  safety: 'ಸುರಕ್ಷತೆ',
  emergencyContacts: 'ತುರ್ತು ಸಂಪರ್ಕಗಳು',
  account: 'ಖಾತೆ',
  deleteAccount: 'ಖಾತೆ ಅಳಿಸಿ',
  deleteWarning: 'ನಿಮ್ಮ ಪ್ರೊಫೈಲ್, ಟ್ರಿಪ್‌ಗಳು ಮತ್ತು ಚಾಟ್‌ಗಳನ್ನು ಅಳಿಸಲಾಗುತ್ತದೆ. ಇದನ್ನು ಮತ್ತೆ ಹಿಂಪಡೆಯಲು ಆಗುವುದಿಲ್ಲ.',
  deleteConfirm: 'ಹೌದು, ಅಳಿಸಿ',
} satisfies Translation<typeof en>
