import { addEnglish } from '@/i18n/english'

/** The sign-in screens: the mobile number and the one-time code. */
export default addEnglish('auth', {
  tagline: 'Share the ride, split the fare.',
  loginTitle: 'Login with your mobile number',
  loginIntro: 'We will send you a one-time code to verify it.',
  mobileNumber: 'Mobile number',
  mobileNumberCountry: '(India, {code})',
  phoneRequired: 'phone number is required',
  phoneInvalid: 'Enter a valid phone number',
  sendingCode: 'Sending code…',
  continue: 'Continue',
  legal: 'By continuing you agree to our <terms>Terms of Use</terms> and <privacy>Privacy Policy</privacy>.',
  backToLogin: 'Back to login',
  verifyTitle: 'Verify your number',
  codeSentTo: 'Enter the {length}-digit code sent to {phone}',
  changeNumber: 'Change Number',
  askNewCodeIn: 'You can ask for a new code in <time>{time}</time>',
  resendIn: 'Resend code in <time>{time}</time>',
  askNewCode: 'Ask for a new code:',
  didNotGetCode: "Didn't get the code?",
  resend: 'Resend',
  verifying: 'Verifying…',
  verifyCode: 'Verify Code',
  codeRequired: 'OTP cannot be empty',
  codeBoxes: 'Verification code',
  codeDigit: 'Digit {index} of {count}',
} as const)
