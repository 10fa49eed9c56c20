import { useEffect, useState } from 'react'

/**
 * The height of the part of the window one sees, in CSS pixels, followed live: an on-screen keyboard that covers the
 * lower part of the page without resizing it (Safari) makes it smaller. Pinch zoom does not: the visible part is
 * then smaller on the page but the same on the screen. Null where the browser has no VisualViewport.
 */
export function useVisibleHeight(): number | null {
  const [height, setHeight] = useState(readVisibleHeight)
  useEffect(() => {
    const viewport = window.visualViewport
    if (!viewport) return
    const measure = () => setHeight(readVisibleHeight())
    measure()
    viewport.addEventListener('resize', measure)
    window.addEventListener('resize', measure)
    return () => {
      viewport.removeEventListener('resize', measure)
      window.removeEventListener('resize', measure)
    }
  }, [])
  return height
}

function readVisibleHeight(): number | null {
  const viewport = typeof window === 'undefined' ? undefined : window.visualViewport
  if (!viewport) return null
  return Math.round(Math.min(window.innerHeight, viewport.height * viewport.scale))
}
