/** How long after the page has loaded the service worker starts to download the app for offline use. */
const REGISTER_AFTER_LOAD_MS = 3_000

/**
 * Registers the service worker (production builds only) once the first screen has settled: installing it downloads
 * every screen of the app, which should not compete with the first screen's own code and data.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return
  const register = () => {
    void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined)
    // Fetched with the worker, not with the first screen's code.
    void import('./service-worker-language')
      .then(({ shareLanguageWithServiceWorker }) => shareLanguageWithServiceWorker())
      .catch(() => undefined)
  }
  const whenIdle = () =>
    window.setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 5_000 })
      else register()
    }, REGISTER_AFTER_LOAD_MS)
  if (document.readyState === 'complete') whenIdle()
  else window.addEventListener('load', whenIdle, { once: true })
}
