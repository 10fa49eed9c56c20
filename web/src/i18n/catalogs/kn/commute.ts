import type en from '../en/commute'
import type { Translation } from '@/i18n/catalog'

export default {
  title: 'ದಿನನಿತ್ಯದ ಟ್ರಿಪ್‌ಗಳು',
  repeats: '{days}, ಸಮಯ {time}',
  upcoming: { one: '{count} ಮುಂದಿನ ಟ್ರಿಪ್', other: '{count} ಮುಂದಿನ ಟ್ರಿಪ್‌ಗಳು' },
  stop: 'ನಿಲ್ಲಿಸಿ',
  stopTitle: 'ದಿನನಿತ್ಯದ ಟ್ರಿಪ್ ನಿಲ್ಲಿಸಿ',
  stopWarning: 'ಇನ್ನು ಮುಂದೆ ಯಾವುದೇ ಟ್ರಿಪ್ ಪ್ರಕಟವಾಗುವುದಿಲ್ಲ. ಯಾರೂ ಸೇರದ ಮುಂದಿನ ಟ್ರಿಪ್‌ಗಳನ್ನು ಅಳಿಸಲಾಗುತ್ತದೆ; ಉಳಿದವು ಹಾಗೆಯೇ ಇರುತ್ತವೆ.',
  day1: 'ಸೋಮ',
  day2: 'ಮಂಗಳ',
  day3: 'ಬುಧ',
  day4: 'ಗುರು',
  day5: 'ಶುಕ್ರ',
  day6: 'ಶನಿ',
  day7: 'ಭಾನು',
} satisfies Translation<typeof en>
