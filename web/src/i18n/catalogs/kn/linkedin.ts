import type en from '../en/linkedin'
import type { Translation } from '@/i18n/catalog'

export default {
  title: 'LinkedIn ಪರಿಶೀಲನೆ',
  verifying: 'ನಿಮ್ಮ LinkedIn ಪ್ರೊಫೈಲ್ ಪರಿಶೀಲಿಸಲಾಗುತ್ತಿದೆ…',
  goToProfile: 'ಪ್ರೊಫೈಲ್‌ಗೆ ಹೋಗಿ',
  linked: 'LinkedIn ಪ್ರೊಫೈಲ್ ಪರಿಶೀಲಿಸಲಾಗಿದೆ',
  verifyFailed: 'ನಿಮ್ಮ ಖಾತೆಯನ್ನು ಪರಿಶೀಲಿಸುವಾಗ ಏನೋ ತಪ್ಪಾಗಿದೆ.',
  unexpected: 'ಅನಿರೀಕ್ಷಿತ ತೊಂದರೆ ಆಗಿದೆ.',
} satisfies Translation<typeof en>
