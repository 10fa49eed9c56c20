import { addEnglish } from '@/i18n/english'

/** Words the shared components use on every screen. */
export default addEnglish('common', {
  appName: 'Humsafar',
  back: 'Back',
  dismiss: 'Dismiss',
  gotIt: 'Got it',
  no: 'No',
  optional: '(optional)',
  nothingHere: 'Nothing here!',
  fewer: 'Fewer {label}',
  more: 'More {label}',
  carouselRole: 'carousel',
  slideRole: 'slide',
  slideOf: '{index} of {count}',
  slide: 'Slide {index}',
  chooseSlide: 'Choose slide',
  startSlideShow: 'Start automatic slide show',
  stopSlideShow: 'Stop automatic slide show',
  language: 'Language',
  minutes: { one: '{count} minute', other: '{count} minutes' },
  seatsLeft: { one: '{count} seat left', other: '{count} seats left' },
} as const)
