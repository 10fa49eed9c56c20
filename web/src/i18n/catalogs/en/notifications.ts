import { addEnglish } from '@/i18n/english'

/** The notification list and the offer to send notifications to this device. */
export default addEnglish('notifications', {
  title: 'Notifications',
  tabAll: 'All',
  tabRequest: 'Request',
  loadFailed: 'Could not load notifications',
  tryAgain: 'Try again',
  loading: 'Loading notifications…',
  emptyDays: {
    one: 'No notifications found in last {count} day',
    other: 'No notifications found in last {count} days',
  },
  emptyNew: 'No notifications yet',
  emptyNewHint: 'Requests, answers and trip news will show up here.',
  allList: 'All notifications',
  requestList: 'Requests',
  loadingMore: 'Loading…',
  loadEarlier: 'Load earlier notifications',
  justNow: 'just now',
  minutesAgo: '{count}m ago',
  hoursAgo: { one: '{count} hour ago', other: '{count} hours ago' },
  daysAgo: '{count}d ago',
  monthsAgo: '{count}mo ago',
  yearsAgo: '{count}y ago',
  pushTitle: 'Humsafar wants to send you notifications',
  pushText: 'Hear about requests, answers and your trips even when the app is closed.',
  dontAllow: "Don't Allow",
  allow: 'Allow',
} as const)
