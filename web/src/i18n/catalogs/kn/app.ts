import type en from '../en/app'
import type { Translation } from '@/i18n/catalog'

export default {
  loading: 'Humsafar ತೆರೆಯುತ್ತಿದೆ',
  crashed: 'ಅಯ್ಯೋ, ಏನೋ ದೊಡ್ಡ ತೊಂದರೆ ಆಗಿದೆ',
  reload: 'ಆ್ಯಪ್ ರೀಲೋಡ್ ಮಾಡಿ',
  notFound: 'ಪೇಜ್ ಸಿಗಲಿಲ್ಲ',
  notFoundDetail: 'ನೀವು ಹುಡುಕುತ್ತಿರುವ ಪೇಜ್ ಇಲ್ಲ.',
  goHome: 'ಹೋಮ್‌ಗೆ ಹೋಗಿ',
  loadFailed: 'ಏನೋ ತಪ್ಪಾಗಿದೆ!',
  checkConnection: 'ನಿಮ್ಮ ಇಂಟರ್ನೆಟ್ ಸಂಪರ್ಕ ಪರಿಶೀಲಿಸಿ, ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ.',
  tryAgain: 'ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ',
  offline: 'ನೀವು ಆಫ್‌ಲೈನ್‌ನಲ್ಲಿದ್ದೀರಿ',
  userLoadFailed: 'ನಿಮ್ಮ ಪ್ರೊಫೈಲ್ ವಿವರಗಳನ್ನು ಲೋಡ್ ಮಾಡಲಾಗಲಿಲ್ಲ',
  offlineBanner: 'ನೀವು ಆಫ್‌ಲೈನ್‌ನಲ್ಲಿದ್ದೀರಿ. ಮತ್ತೆ ಆನ್‌ಲೈನ್‌ಗೆ ಬರುವವರೆಗೆ ಏನನ್ನೂ ಕಳುಹಿಸಲಾಗುವುದಿಲ್ಲ.',
  updateAvailable: 'ಹೊಸ ಅಪ್‌ಡೇಟ್ ಲಭ್ಯವಿದೆ',
  updateForced: 'Humsafar ನ ಈ ವರ್ಷನ್ ಇನ್ನು ಕೆಲಸ ಮಾಡುವುದಿಲ್ಲ. ಮುಂದುವರಿಯಲು ದಯವಿಟ್ಟು ಅಪ್‌ಡೇಟ್ ಮಾಡಿ.',
  updateOptional: 'ಸುಧಾರಣೆಗಳು ಮತ್ತು ದೋಷ ಪರಿಹಾರಗಳೊಂದಿಗೆ Humsafar ನ ಹೊಸ ವರ್ಷನ್ ಸಿದ್ಧವಾಗಿದೆ.',
  updating: 'ಅಪ್‌ಡೇಟ್ ಆಗುತ್ತಿದೆ…',
  update: 'ಅಪ್‌ಡೇಟ್ ಮಾಡಿ',
  later: 'ನಂತರ',
} satisfies Translation<typeof en>
