import { addEnglish } from '@/i18n/english'

/** Back from LinkedIn: verifying the person's LinkedIn profile. */
export default addEnglish('linkedin', {
  title: 'LinkedIn Verification',
  verifying: 'Verifying your LinkedIn profile…',
  goToProfile: 'Go to Profile',
  // The domain rules' sentences said when the server has none (screens.test.ts holds them equal to MESSAGES).
  linked: 'LinkedIn profile verified',
  verifyFailed: 'An error occurred while verifying your account.',
  unexpected: 'An unexpected error occurred.',
} as const)
