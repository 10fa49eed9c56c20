import type en from '../en/auth'
import type { Translation } from '@/i18n/catalog'

export default {
  tagline: 'साथ सफ़र करें, किराया बाँटें।',
  loginTitle: 'अपने मोबाइल नंबर से लॉग इन करें',
  loginIntro: 'नंबर वेरिफ़ाई करने के लिए हम आपको एक OTP भेजेंगे।',
  mobileNumber: 'मोबाइल नंबर',
  mobileNumberCountry: '(भारत, {code})',
  phoneRequired: 'फ़ोन नंबर डालना ज़रूरी है',
  phoneInvalid: 'सही फ़ोन नंबर डालें',
  sendingCode: 'OTP भेजा जा रहा है…',
  continue: 'आगे बढ़ें',
  legal: 'आगे बढ़कर आप हमारी <terms>इस्तेमाल की शर्तों</terms> और <privacy>प्राइवेसी पॉलिसी</privacy> से सहमत होते हैं।',
  backToLogin: 'लॉग इन पर वापस जाएँ',
  verifyTitle: 'अपना नंबर वेरिफ़ाई करें',
  codeSentTo: '{phone} पर भेजा गया {length} अंकों का OTP डालें',
  changeNumber: 'नंबर बदलें',
  askNewCodeIn: 'आप <time>{time}</time> में नया OTP मँगवा सकते हैं',
  resendIn: 'OTP दोबारा भेजने के लिए <time>{time}</time> रुकें',
  askNewCode: 'नया OTP मँगवाएँ:',
  didNotGetCode: 'OTP नहीं मिला?',
  resend: 'दोबारा भेजें',
  verifying: 'वेरिफ़ाई हो रहा है…',
  verifyCode: 'OTP वेरिफ़ाई करें',
  codeRequired: 'कृपया OTP डालें',
  codeBoxes: 'OTP',
  codeDigit: '{count} में से अंक {index}',
} satisfies Translation<typeof en>
