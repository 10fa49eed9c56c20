import type en from '../en/commute'
import type { Translation } from '@/i18n/catalog'

export default {
  title: 'रोज़ की ट्रिप',
  repeats: '{days} को {time}',
  upcoming: { one: '{count} आने वाली ट्रिप', other: '{count} आने वाली ट्रिप' },
  stop: 'बंद करें',
  stopTitle: 'रोज़ की ट्रिप बंद करें',
  stopWarning: 'अब आगे कोई ट्रिप पब्लिश नहीं होगी। जिन आने वाली ट्रिप में कोई नहीं जुड़ा, वे हटा दी जाएँगी; बाकी बनी रहेंगी।',
  day1: 'सोम',
  day2: 'मंगल',
  day3: 'बुध',
  day4: 'गुरु',
  day5: 'शुक्र',
  day6: 'शनि',
  day7: 'रवि',
} satisfies Translation<typeof en>
