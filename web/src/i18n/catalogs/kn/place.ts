import type en from '../en/place'
import type { Translation } from '@/i18n/catalog'

export default {
  locationTitle: 'ನಿಮ್ಮ ಸ್ಥಳ ನಮೂದಿಸಿ',
  location: 'ಸ್ಥಳ',
  fetchingLocation: 'ಸ್ಥಳ ಪಡೆಯುತ್ತಿದ್ದೇವೆ…',
  autoFetch: 'ಸ್ಥಳ ತಾನಾಗಿ ಪಡೆಯಿರಿ',
  cancel: 'ರದ್ದುಮಾಡಿ',
  save: 'ಉಳಿಸಿ',
  placeExample: 'ಉದಾ. ಕೋರಮಂಗಲ, ಬೆಂಗಳೂರು',
  suggestions: '{label} ಸಲಹೆಗಳು',
  suggestionsFailed: 'ಸಲಹೆಗಳನ್ನು ಲೋಡ್ ಮಾಡಲು ಆಗಲಿಲ್ಲ',
  noPlaces: 'ಹೊಂದುವ ಸ್ಥಳಗಳಿಲ್ಲ',
  searching: 'ಹುಡುಕುತ್ತಿದ್ದೇವೆ…',
  locationInvalid: 'ದಯವಿಟ್ಟು ಸರಿಯಾದ ಲೊಕೇಶನ್ ನಮೂದಿಸಿ ಅಥವಾ ಆಟೋ-ಫೆಚ್ ಬಳಸಿ.',
} satisfies Translation<typeof en>
