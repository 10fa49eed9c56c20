/**
 * Tells the service worker in charge the page's language (<html lang>, set by the i18n provider), now, whenever it
 * changes and whenever another worker takes over: the notifications it shows are marked with it (src/sw.ts).
 * Answers how to stop.
 */
export function shareLanguageWithServiceWorker(): () => void {
  const tell = () => navigator.serviceWorker.controller?.postMessage({ type: 'LANGUAGE', lang: document.documentElement.lang })
  const observer = new MutationObserver(tell)
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] })
  navigator.serviceWorker.addEventListener('controllerchange', tell)
  tell()
  return () => {
    observer.disconnect()
    navigator.serviceWorker.removeEventListener('controllerchange', tell)
  }
}
