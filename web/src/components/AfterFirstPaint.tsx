import { startTransition, useEffect, useState, type ReactNode } from 'react'

/** How long a page that paints no frames (a tab in the background) waits instead. */
const UNPAINTED_PAGE_MS = 300

/**
 * Whether the frame the calling component first appeared in has been painted: false in that frame, true from the
 * task after it. For work that shows nothing at first, or shows it off screen, so that it follows the screen's first
 * paint instead of competing with it.
 */
export function useFirstPaintDone(): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    // What follows the paint is drawn in slices that keep the page responsive, not in one long task.
    const done = () => startTransition(() => setPainted(true))
    let timer = window.setTimeout(done, UNPAINTED_PAGE_MS)
    // A task queued from a frame's callback runs once that frame has been painted.
    const frame = requestAnimationFrame(() => {
      window.clearTimeout(timer)
      timer = window.setTimeout(done)
    })
    return () => {
      cancelAnimationFrame(frame)
      window.clearTimeout(timer)
    }
  }, [])
  return painted
}

/**
 * Draws its children only once the frame it first appeared in has been painted. For parts that show nothing at first
 * (the services beside a signed-in screen, a prompt waiting for its data): their code and their requests then follow
 * the screen's first paint instead of competing with it.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  return useFirstPaintDone() ? children : null
}
