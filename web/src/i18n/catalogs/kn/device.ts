import type en from '../en/device'
import type { Translation } from '@/i18n/catalog'

export default {
  copyNotAllowed: 'ಕಾಪಿ ಮಾಡಲು ಅನುಮತಿ ಸಿಗಲಿಲ್ಲ: ಪಠ್ಯವನ್ನು ಆಯ್ಕೆಮಾಡಿ ನೀವೇ ಕಾಪಿ ಮಾಡಿ',
  locationFetchFailed: 'ಲೊಕೇಶನ್ ಪಡೆಯಲು ಆಗಲಿಲ್ಲ. ದಯವಿಟ್ಟು ನೀವೇ ನಮೂದಿಸಿ.',
  locationPermissionNeeded: 'ಲೊಕೇಶನ್ ಪಡೆಯಲು ದಯವಿಟ್ಟು ಲೊಕೇಶನ್ ಅನುಮತಿ ನೀಡಿ',
  locationPermissionProblem: 'ಲೊಕೇಶನ್ ಪಡೆಯುವಲ್ಲಿ ತೊಂದರೆಯಾಯಿತು. ದಯವಿಟ್ಟು ಅನುಮತಿಗಳನ್ನು ಪರಿಶೀಲಿಸಿ.',
  pushServiceUnreachable:
    'ಈ ಬ್ರೌಸರ್‌ನ ಪುಶ್ ಸೇವೆಯನ್ನು ತಲುಪಲು ಆಗಲಿಲ್ಲ, ಹಾಗಾಗಿ ಈಗ ಇಲ್ಲಿ ನೋಟಿಫಿಕೇಶನ್ ಆನ್ ಮಾಡಲು ಆಗುವುದಿಲ್ಲ. ನಂತರ ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ.',
  pushServerFailed: 'ನೋಟಿಫಿಕೇಶನ್ ಆನ್ ಮಾಡಲು ಆಗಲಿಲ್ಲ: ನಮ್ಮ ಸರ್ವರ್ ಈ ಡಿವೈಸ್ ಅನ್ನು ಉಳಿಸಲು ಆಗಲಿಲ್ಲ. ಸ್ವಲ್ಪ ಸಮಯದ ನಂತರ ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ.',
} satisfies Translation<typeof en>
