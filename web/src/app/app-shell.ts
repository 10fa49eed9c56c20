/**
 * index.html draws a first frame (the login page, the home page or the splash) before the app's code has arrived.
 * It stays over the app until the app shows a screen of its own, and goes in the same frame as that screen appears.
 */
const SPLASH = '[data-testid="splash"]'

/** Whether the app shows something beyond its loading splash. */
export function showsScreen(root: Element): boolean {
  return root.childElementCount > 0 && root.querySelector(SPLASH) === null
}

export function removeAppShellOnFirstScreen(root: HTMLElement, doc: Document = document): void {
  const shell = doc.getElementById('app-shell')
  if (!shell) return
  // Where the first frame is the splash itself, the app's own splash takes over at once.
  const ready = doc.documentElement.dataset.shell === 'splash' ? (el: Element) => el.childElementCount > 0 : showsScreen
  const observer = new MutationObserver(() => {
    if (!ready(root)) return
    observer.disconnect()
    shell.remove()
  })
  observer.observe(root, { childList: true, subtree: true })
}
