import { Children, useCallback, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react'
import styles from './Carousel.module.css'
import { useT } from '@/i18n'

type CarouselProps = {
  /** What the carousel holds, read by screen readers ("Highlights", "Upcoming trips"). */
  label: string
  children: ReactNode
  /** How many slides show at once; a fraction lets the next one peek in. */
  slidesPerView?: number
  /** Move on by itself every so many seconds, wrapping round to the first slide. */
  autoplaySeconds?: number
  testId?: string
}

/**
 * A slide's number as every language of the app writes it (Latin digits, under a thousand): a string, so the labels
 * do not load the language's Intl number data, a long task on a slow phone, while the carousel's screen is first drawn.
 */
const slideNumber = (index: number): string => String(index + 1)

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
}

/**
 * A swipeable row of slides with dots (WAI carousel pattern). Autoplay stops while the pointer is over it or focus is
 * inside, when the person asks for reduced motion, and for good with the pause button.
 */
export function Carousel({ label, children, slidesPerView = 1, autoplaySeconds, testId }: CarouselProps) {
  const t = useT()
  const slides = Children.toArray(children)
  const count = slides.length
  const trackRef = useRef<HTMLDivElement>(null)
  const [active, setActive] = useState(0)
  const activeRef = useRef(0)
  activeRef.current = active
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [stopped, setStopped] = useState(() => prefersReducedMotion())
  const autoplays = Boolean(autoplaySeconds) && count > 1
  const playing = autoplays && !stopped && !hovered && !focused

  const goTo = useCallback((index: number) => {
    const track = trackRef.current
    const slide = track?.children[index] as HTMLElement | undefined
    const first = track?.children[0] as HTMLElement | undefined
    activeRef.current = index
    setActive(index)
    if (track && slide && first && typeof track.scrollTo === 'function') {
      track.scrollTo({ left: slide.offsetLeft - first.offsetLeft, behavior: prefersReducedMotion() ? 'auto' : 'smooth' })
    }
  }, [])

  useEffect(() => {
    if (!playing || !autoplaySeconds) return
    const timer = window.setInterval(() => goTo((activeRef.current + 1) % count), autoplaySeconds * 1000)
    return () => window.clearInterval(timer)
  }, [playing, autoplaySeconds, count, goTo])

  const onScroll = () => {
    const track = trackRef.current
    const first = track?.children[0] as HTMLElement | undefined
    if (!track || !first) return
    const step = first.getBoundingClientRect().width + parseFloat(getComputedStyle(track).columnGap || '0')
    if (step <= 0) return
    const index = Math.min(count - 1, Math.max(0, Math.round(track.scrollLeft / step)))
    // At the far end a partial last slide can never be scrolled to the left edge; it is still the current one.
    const atEnd = track.scrollLeft + track.clientWidth >= track.scrollWidth - 2
    setActive(atEnd && track.scrollLeft > 0 ? count - 1 : index)
  }

  const style = { '--slides-per-view': slidesPerView } as CSSProperties

  return (
    <section
      className={styles.carousel}
      aria-roledescription={t('common.carouselRole')}
      aria-label={label}
      data-testid={testId}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false)
      }}
    >
      <div
        ref={trackRef}
        className={styles.track}
        style={style}
        onScroll={onScroll}
        aria-live={playing ? 'off' : 'polite'}
      >
        {slides.map((slide, index) => (
          <div
            key={index}
            className={styles.slide}
            role="group"
            aria-roledescription={t('common.slideRole')}
            aria-label={t('common.slideOf', { index: slideNumber(index), count: slideNumber(count - 1) })}
          >
            {slide}
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className={styles.controls}>
          {autoplays && (
            <button
              type="button"
              className={styles.pause}
              onClick={() => setStopped((value) => !value)}
              aria-label={stopped ? t('common.startSlideShow') : t('common.stopSlideShow')}
              title={stopped ? t('common.startSlideShow') : t('common.stopSlideShow')}
            >
              {stopped ? <PlayGlyph /> : <PauseGlyph />}
            </button>
          )}
          <div className={styles.dots} role="group" aria-label={t('common.chooseSlide')}>
            {slides.map((_, index) => (
              <button
                key={index}
                type="button"
                className={styles.dot}
                aria-label={t('common.slide', { index: slideNumber(index) })}
                title={t('common.slide', { index: slideNumber(index) })}
                aria-current={index === active ? 'true' : undefined}
                onClick={() => goTo(index)}
              />
            ))}
          </div>
        </div>
      )}
    </section>
  )
}

function PauseGlyph() {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
      <rect x="2" y="1" width="3" height="10" rx="1" fill="currentColor" />
      <rect x="7" y="1" width="3" height="10" rx="1" fill="currentColor" />
    </svg>
  )
}

function PlayGlyph() {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
      <path d="M3 1.5v9l7.5-4.5z" fill="currentColor" />
    </svg>
  )
}
