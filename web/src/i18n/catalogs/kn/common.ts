import type en from '../en/common'
import type { Translation } from '@/i18n/catalog'

export default {
  appName: 'Humsafar',
  back: 'ಹಿಂದೆ',
  dismiss: 'ಮುಚ್ಚಿ',
  gotIt: 'ಸರಿ',
  no: 'ಇಲ್ಲ',
  optional: '(ಕಡ್ಡಾಯವಲ್ಲ)',
  nothingHere: 'ಇಲ್ಲಿ ಇನ್ನೂ ಏನೂ ಇಲ್ಲ!',
  fewer: '{label} ಕಡಿಮೆ ಮಾಡಿ',
  more: '{label} ಹೆಚ್ಚಿಸಿ',
  carouselRole: 'ಕ್ಯಾರೊಸೆಲ್',
  slideRole: 'ಸ್ಲೈಡ್',
  slideOf: '{count} ರಲ್ಲಿ {index}',
  slide: 'ಸ್ಲೈಡ್ {index}',
  chooseSlide: 'ಸ್ಲೈಡ್ ಆಯ್ಕೆಮಾಡಿ',
  startSlideShow: 'ಸ್ಲೈಡ್‌ಗಳನ್ನು ತಾನಾಗಿ ತೋರಿಸಿ',
  stopSlideShow: 'ಸ್ಲೈಡ್‌ಗಳು ತಾನಾಗಿ ಬದಲಾಗುವುದನ್ನು ನಿಲ್ಲಿಸಿ',
  language: 'ಭಾಷೆ',
  minutes: { one: '{count} ನಿಮಿಷ', other: '{count} ನಿಮಿಷ' },
  seatsLeft: { one: '{count} ಸೀಟ್ ಉಳಿದಿದೆ', other: '{count} ಸೀಟ್‌ಗಳು ಉಳಿದಿವೆ' },
} satisfies Translation<typeof en>
