import type en from '../en/messages'
import type { Translation } from '@/i18n/catalog'

export default {
  FALLBACK_ERROR: 'ಏನೋ ತಪ್ಪಾಗಿದೆ!',
  OFFLINE_ACTION_REFUSED: 'ನೀವು ಆಫ್‌ಲೈನ್‌ನಲ್ಲಿರುವುದರಿಂದ ಇದನ್ನು ಕಳುಹಿಸಲಾಗಿಲ್ಲ. ಮತ್ತೆ ಆನ್‌ಲೈನ್‌ಗೆ ಬಂದ ಮೇಲೆ ಪ್ರಯತ್ನಿಸಿ.',
  NOTIFICATION_SUBSCRIBE_FAILED: 'ನೋಟಿಫಿಕೇಶನ್ ಆನ್ ಮಾಡಲಾಗಲಿಲ್ಲ',
} satisfies Translation<typeof en>
