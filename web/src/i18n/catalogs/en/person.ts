import { addEnglish } from '@/i18n/english'

/** A person's profile card and sheet. */
export default addEnglish('person', {
  profileOf: "{name}'s profile",
  someone: 'Humsafar',
  loading: 'Loading profile…',
  details: 'Profile details',
  verified: 'Verified profile',
  edit: 'Edit Profile',
  male: 'Male',
  female: 'Female',
  others: 'Others',
  age: { one: '{count} year', other: '{count} years' },
  rating: 'Rating',
  flagged: 'Flagged',
  referrals: 'Referrals',
  record: 'Record',
  tripsCompleted: 'Trips completed',
  lateCancels: 'Late cancels',
  noShows: 'No-shows',
  linkedIn: 'LinkedIn profile',
  seeReviews: 'See Reviews',
  referralCode: 'Referral code',
  copyReferralCode: 'Copy referral code',
  copied: 'Copied',
} as const)
