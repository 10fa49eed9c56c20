import type en from '../en/notifications'
import type { Translation } from '@/i18n/catalog'

export default {
  title: 'नोटिफ़िकेशन',
  tabAll: 'सभी',
  tabRequest: 'रिक्वेस्ट',
  loadFailed: 'नोटिफ़िकेशन लोड नहीं हो सके',
  tryAgain: 'फिर से कोशिश करें',
  loading: 'नोटिफ़िकेशन लोड हो रहे हैं…',
  emptyDays: {
    one: 'पिछले {count} दिन में कोई नोटिफ़िकेशन नहीं मिला',
    other: 'पिछले {count} दिनों में कोई नोटिफ़िकेशन नहीं मिला',
  },
  emptyNew: 'अभी कोई नोटिफ़िकेशन नहीं है',
  emptyNewHint: 'रिक्वेस्ट, जवाब और ट्रिप की ख़बरें यहाँ दिखेंगी।',
  allList: 'सभी नोटिफ़िकेशन',
  requestList: 'रिक्वेस्ट',
  loadingMore: 'लोड हो रहा है…',
  loadEarlier: 'पुराने नोटिफ़िकेशन देखें',
  justNow: 'अभी-अभी',
  minutesAgo: '{count} मिनट पहले',
  hoursAgo: { one: '{count} घंटा पहले', other: '{count} घंटे पहले' },
  daysAgo: '{count} दिन पहले',
  monthsAgo: '{count} महीने पहले',
  yearsAgo: '{count} साल पहले',
  pushTitle: 'Humsafar आपको नोटिफ़िकेशन भेजना चाहता है',
  pushText: 'ऐप बंद होने पर भी रिक्वेस्ट, जवाब और अपनी ट्रिप की ख़बर पाएँ।',
  dontAllow: 'अनुमति न दें',
  allow: 'अनुमति दें',
} satisfies Translation<typeof en>
