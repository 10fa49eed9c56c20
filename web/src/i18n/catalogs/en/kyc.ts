import { addEnglish } from '@/i18n/english'

/** Identity verification (KYC): its start, progress, outcomes, and the invitation before hosting. */
export default addEnglish('kyc', {
  verifyTitle: 'Verify Your Identity',
  intro: 'Verified profiles earn a badge that co-travellers trust. It takes about two minutes:',
  stepDocument: 'Keep your Aadhaar or PAN card at hand.',
  stepSelfie: 'Take a selfie in good light.',
  stepResult: 'We confirm the result here; some applications are checked by hand within 24 hours.',
  starting: 'Starting…',
  start: 'Start KYC',
  checkingVerification: 'Checking your verification…',
  processingTitle: 'KYC Processing',
  verifiedMoment: 'Your identity is verified. Just a moment…',
  verifying: 'Verifying your identity. This takes a few seconds…',
  verifiedTitle: 'KYC Verified',
  congratulations: 'Congratulations, {name}!',
  verifiedText: 'Your profile is verified. Co-travellers will see your verified badge.',
  goHome: 'Go To Home',
  reviewTitle: 'KYC Under Review',
  checkingApplication: 'Checking your application…',
  backToProfile: 'Back to Profile',
  rejectedTitle: 'KYC Rejected',
  errorTitle: 'KYC Error',
  cancelledTitle: 'KYC Cancelled',
  tryAgain: 'Try Again',
  promptTitle: 'Verify your profile',
  promptText:
    'Co-riders are more likely to join a verified host. Complete KYC to show the verified mark on your trips.',
  skip: 'Skip',
  completeKyc: 'Complete KYC',
  // The domain rules' sentences said when the server has none (outcome.test.ts holds them equal to MESSAGES).
  underReview:
    'We could not auto approve your KYC application, you will be notified upon manual review within 24 hours.',
  failed: 'KYC could not be completed, attempt again with correct details',
  notFinished: 'Oh oh! You did not finish the KYC, please re-initiate the flow!',
} as const)
