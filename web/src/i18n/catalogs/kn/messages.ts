import type en from '../en/messages'
import type { Translation } from '@/i18n/catalog'

export default {
  FALLBACK_ERROR: 'ಏನೋ ತಪ್ಪಾಗಿದೆ!',
  OFFLINE_ACTION_REFUSED: 'ನೀವು ಆಫ್‌ಲೈನ್‌ನಲ್ಲಿರುವುದರಿಂದ ಇದನ್ನು ಕಳುಹಿಸಲಾಗಿಲ್ಲ. ಮತ್ತೆ ಆನ್‌ಲೈನ್‌ಗೆ ಬಂದ ಮೇಲೆ ಪ್ರಯತ್ನಿಸಿ.',
  CSRF_REFUSED: 'ವಿನಂತಿ ನಿರಾಕರಿಸಲಾಗಿದೆ. ಆ್ಯಪ್ ಅನ್ನು ಮತ್ತೆ ತೆರೆದು ಪ್ರಯತ್ನಿಸಿ.',
  NOTIFICATION_SUBSCRIBE_FAILED: 'ನೋಟಿಫಿಕೇಶನ್ ಆನ್ ಮಾಡಲಾಗಲಿಲ್ಲ',
  NOTIFICATION_PERMISSION_DENIED: 'ನೋಟಿಫಿಕೇಶನ್‌ಗೆ ಅನುಮತಿ ಸಿಗಲಿಲ್ಲ. ಆ್ಯಪ್ ಸೆಟ್ಟಿಂಗ್ಸ್ ಬದಲಿಸಿ ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ.',
  NOTIFICATION_UNSUPPORTED: 'ನಿಮ್ಮ ಬ್ರೌಸರ್ ನೋಟಿಫಿಕೇಶನ್ ಬೆಂಬಲಿಸುವುದಿಲ್ಲ',
  SERVICE_WORKER_UNSUPPORTED: 'ಸರ್ವಿಸ್ ವರ್ಕರ್ ಬೆಂಬಲವಿಲ್ಲ',
  OTP_TOO_MANY_TRIES: 'ತುಂಬಾ ಬಾರಿ ತಪ್ಪು OTP ನಮೂದಿಸಲಾಗಿದೆ. ಹೊಸ OTP ಕೇಳಿ.',
  OTP_EXPIRED: 'OTP ಅವಧಿ ಮುಗಿದಿದೆ. ಹೊಸ OTP ಕೇಳಿ.',
  OTP_LOGIN_TOKEN_INVALID: 'ಈ OTP ಇನ್ನು ಮಾನ್ಯವಲ್ಲ. ಹೊಸ OTP ಕೇಳಿ.',
} satisfies Translation<typeof en>
