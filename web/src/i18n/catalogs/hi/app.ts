import type en from '../en/app'
import type { Translation } from '@/i18n/catalog'

export default {
  loading: 'Humsafar खुल रहा है',
  crashed: 'अरे, कुछ बहुत गड़बड़ हो गया',
  reload: 'ऐप रीलोड करें',
  notFound: 'पेज नहीं मिला',
  notFoundDetail: 'आप जो पेज ढूँढ रहे हैं, वह मौजूद नहीं है।',
  goHome: 'होम पर जाएँ',
  loadFailed: 'कोई गड़बड़ी हो गई!',
  checkConnection: 'अपना इंटरनेट कनेक्शन देखें और फिर से कोशिश करें।',
  tryAgain: 'फिर से कोशिश करें',
  offline: 'आप ऑफ़लाइन हैं',
  userLoadFailed: 'आपकी प्रोफ़ाइल की जानकारी लोड नहीं हो पाई',
  offlineBanner: 'आप ऑफ़लाइन हैं। ऑनलाइन वापस आने तक आपका कुछ भी भेजा नहीं जाएगा।',
  updateAvailable: 'नया अपडेट आया है',
  updateForced: 'Humsafar का यह वर्ज़न अब नहीं चलेगा। आगे बढ़ने के लिए कृपया अपडेट करें।',
  updateOptional: 'Humsafar का नया वर्ज़न तैयार है, जिसमें कई सुधार और फ़िक्स हैं।',
  updating: 'अपडेट हो रहा है…',
  update: 'अपडेट करें',
  later: 'बाद में',
} satisfies Translation<typeof en>
