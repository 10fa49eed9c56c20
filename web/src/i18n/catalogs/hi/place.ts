import type en from '../en/place'
import type { Translation } from '@/i18n/catalog'

export default {
  locationTitle: 'अपनी लोकेशन डालें',
  location: 'लोकेशन',
  fetchingLocation: 'लोकेशन ली जा रही है…',
  autoFetch: 'लोकेशन अपने-आप लें',
  cancel: 'रद्द करें',
  save: 'सेव करें',
  placeExample: 'जैसे कोरमंगला, बेंगलुरु',
  suggestions: '{label} के सुझाव',
  suggestionsFailed: 'सुझाव लोड नहीं हो सके',
  noPlaces: 'कोई मिलती-जुलती जगह नहीं मिली',
  searching: 'खोज रहे हैं…',
  locationInvalid: 'कृपया सही लोकेशन डालें या ऑटो-फ़ेच का इस्तेमाल करें।',
} satisfies Translation<typeof en>
