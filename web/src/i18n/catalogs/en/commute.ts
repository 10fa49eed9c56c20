import { addEnglish } from '@/i18n/english'

/** The host's commutes (a trip repeated on weekdays) above Trips › Hosting. */
export default addEnglish('commute', {
  title: 'Commutes',
  repeats: '{days} at {time}',
  upcoming: { one: '{count} upcoming', other: '{count} upcoming' },
  stop: 'Stop',
  stopTitle: 'Stop commute',
  stopWarning: 'No more trips will be published. Upcoming trips nobody has joined are deleted; the others stay.',
  // Weekdays, Monday first (ISO weekday numbers)
  day1: 'Mon',
  day2: 'Tue',
  day3: 'Wed',
  day4: 'Thu',
  day5: 'Fri',
  day6: 'Sat',
  day7: 'Sun',
} as const)
