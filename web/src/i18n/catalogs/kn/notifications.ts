import type en from '../en/notifications'
import type { Translation } from '@/i18n/catalog'

export default {
  title: 'ನೋಟಿಫಿಕೇಶನ್‌ಗಳು',
  tabAll: 'ಎಲ್ಲಾ',
  tabRequest: 'ರಿಕ್ವೆಸ್ಟ್',
  loadFailed: 'ನೋಟಿಫಿಕೇಶನ್‌ಗಳನ್ನು ಲೋಡ್ ಮಾಡಲು ಆಗಲಿಲ್ಲ',
  tryAgain: 'ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ',
  loading: 'ನೋಟಿಫಿಕೇಶನ್‌ಗಳು ಲೋಡ್ ಆಗುತ್ತಿವೆ…',
  emptyDays: {
    one: 'ಕಳೆದ {count} ದಿನದಲ್ಲಿ ಯಾವುದೇ ನೋಟಿಫಿಕೇಶನ್ ಇಲ್ಲ',
    other: 'ಕಳೆದ {count} ದಿನಗಳಲ್ಲಿ ಯಾವುದೇ ನೋಟಿಫಿಕೇಶನ್ ಇಲ್ಲ',
  },
  emptyNew: 'ಇನ್ನೂ ಯಾವುದೇ ನೋಟಿಫಿಕೇಶನ್ ಇಲ್ಲ',
  emptyNewHint: 'ರಿಕ್ವೆಸ್ಟ್‌ಗಳು, ಉತ್ತರಗಳು ಮತ್ತು ಟ್ರಿಪ್ ಸುದ್ದಿಗಳು ಇಲ್ಲಿ ಕಾಣುತ್ತವೆ.',
  allList: 'ಎಲ್ಲಾ ನೋಟಿಫಿಕೇಶನ್‌ಗಳು',
  requestList: 'ರಿಕ್ವೆಸ್ಟ್‌ಗಳು',
  loadingMore: 'ಲೋಡ್ ಆಗುತ್ತಿದೆ…',
  loadEarlier: 'ಹಿಂದಿನ ನೋಟಿಫಿಕೇಶನ್‌ಗಳನ್ನು ನೋಡಿ',
  justNow: 'ಈಗಷ್ಟೇ',
  minutesAgo: '{count} ನಿಮಿಷದ ಹಿಂದೆ',
  hoursAgo: { one: '{count} ಗಂಟೆ ಹಿಂದೆ', other: '{count} ಗಂಟೆಗಳ ಹಿಂದೆ' },
  daysAgo: '{count} ದಿನದ ಹಿಂದೆ',
  monthsAgo: '{count} ತಿಂಗಳ ಹಿಂದೆ',
  yearsAgo: '{count} ವರ್ಷದ ಹಿಂದೆ',
  pushTitle: 'Humsafar ನಿಮಗೆ ನೋಟಿಫಿಕೇಶನ್ ಕಳುಹಿಸಲು ಬಯಸುತ್ತದೆ',
  pushText: 'ಆ್ಯಪ್ ಮುಚ್ಚಿದ್ದಾಗಲೂ ರಿಕ್ವೆಸ್ಟ್‌ಗಳು, ಉತ್ತರಗಳು ಮತ್ತು ನಿಮ್ಮ ಟ್ರಿಪ್‌ಗಳ ಬಗ್ಗೆ ತಿಳಿಯಿರಿ.',
  dontAllow: 'ಅನುಮತಿಸಬೇಡಿ',
  allow: 'ಅನುಮತಿಸಿ',
} satisfies Translation<typeof en>
