import type en from '../en/auth'
import type { Translation } from '@/i18n/catalog'

export default {
  tagline: 'ಜೊತೆಯಾಗಿ ಪ್ರಯಾಣಿಸಿ, ಖರ್ಚು ಹಂಚಿಕೊಳ್ಳಿ.',
  loginTitle: 'ನಿಮ್ಮ ಮೊಬೈಲ್ ನಂಬರ್ ಬಳಸಿ ಲಾಗಿನ್ ಆಗಿ',
  loginIntro: 'ನಂಬರ್ ಪರಿಶೀಲಿಸಲು ನಾವು ನಿಮಗೆ ಒಂದು OTP ಕಳುಹಿಸುತ್ತೇವೆ.',
  mobileNumber: 'ಮೊಬೈಲ್ ನಂಬರ್',
  mobileNumberCountry: '(ಭಾರತ, {code})',
  phoneRequired: 'ಮೊಬೈಲ್ ನಂಬರ್ ನಮೂದಿಸುವುದು ಕಡ್ಡಾಯ',
  phoneInvalid: 'ಸರಿಯಾದ ಮೊಬೈಲ್ ನಂಬರ್ ನಮೂದಿಸಿ',
  sendingCode: 'OTP ಕಳುಹಿಸಲಾಗುತ್ತಿದೆ…',
  continue: 'ಮುಂದುವರಿಯಿರಿ',
  legal: 'ಮುಂದುವರಿಯುವ ಮೂಲಕ ನೀವು ನಮ್ಮ <terms>ಬಳಕೆಯ ನಿಯಮಗಳು</terms> ಮತ್ತು <privacy>ಗೌಪ್ಯತಾ ನೀತಿ</privacy>ಗೆ ಒಪ್ಪುತ್ತೀರಿ.',
  backToLogin: 'ಲಾಗಿನ್‌ಗೆ ಹಿಂತಿರುಗಿ',
  verifyTitle: 'ನಿಮ್ಮ ನಂಬರ್ ಪರಿಶೀಲಿಸಿ',
  codeSentTo: '{phone} ಗೆ ಕಳುಹಿಸಿದ {length} ಅಂಕಿಯ OTP ನಮೂದಿಸಿ',
  changeNumber: 'ನಂಬರ್ ಬದಲಿಸಿ',
  askNewCodeIn: '<time>{time}</time> ನಂತರ ಹೊಸ OTP ಕೇಳಬಹುದು',
  resendIn: '<time>{time}</time> ನಂತರ OTP ಮತ್ತೆ ಕಳುಹಿಸಬಹುದು',
  askNewCode: 'ಹೊಸ OTP ಕೇಳಿ:',
  didNotGetCode: 'OTP ಬರಲಿಲ್ಲವೇ?',
  resend: 'ಮತ್ತೆ ಕಳುಹಿಸಿ',
  verifying: 'ಪರಿಶೀಲಿಸಲಾಗುತ್ತಿದೆ…',
  verifyCode: 'OTP ಪರಿಶೀಲಿಸಿ',
  codeRequired: 'OTP ನಮೂದಿಸುವುದು ಕಡ್ಡಾಯ',
  codeBoxes: 'OTP',
  codeDigit: '{count} ರಲ್ಲಿ {index}ನೇ ಅಂಕಿ',
} satisfies Translation<typeof en>
