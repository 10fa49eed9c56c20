import type en from '../en/common'
import type { Translation } from '@/i18n/catalog'

export default {
  appName: 'Humsafar',
  back: 'वापस',
  dismiss: 'बंद करें',
  gotIt: 'ठीक है',
  no: 'नहीं',
  optional: '(ज़रूरी नहीं)',
  nothingHere: 'यहाँ अभी कुछ नहीं है!',
  fewer: '{label} कम करें',
  more: '{label} बढ़ाएँ',
  carouselRole: 'कैरूसेल',
  slideRole: 'स्लाइड',
  slideOf: '{count} में से {index}',
  slide: 'स्लाइड {index}',
  chooseSlide: 'स्लाइड चुनें',
  startSlideShow: 'स्लाइड अपने-आप चलाएँ',
  stopSlideShow: 'स्लाइड का अपने-आप चलना रोकें',
  language: 'भाषा',
  minutes: { one: '{count} मिनट', other: '{count} मिनट' },
  seatsLeft: { one: '{count} सीट बची है', other: '{count} सीटें बची हैं' },
} satisfies Translation<typeof en>
