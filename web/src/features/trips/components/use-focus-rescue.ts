import { useEffect, type RefObject } from 'react'

/**
 * When the focused control goes away (a request answered, a member removed, a request cancelled), focus falls to the
 * page, where Escape and Tab no longer reach the open dialog. This hands it to the given element instead, once the
 * change and any closing dialog have settled.
 */
export function useFocusRescue(target: RefObject<HTMLElement | null>, active: boolean, change: unknown): void {
  useEffect(() => {
    if (!active) return
    const frame = window.requestAnimationFrame(() => {
      const focused = document.activeElement
      if (!focused || focused === document.body) target.current?.focus({ preventScroll: true })
    })
    return () => window.cancelAnimationFrame(frame)
  }, [target, active, change])
}
