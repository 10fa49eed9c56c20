function installed(worker: ServiceWorker): Promise<ServiceWorker> {
  return new Promise((resolve) => {
    if (worker.state === 'installed' || worker.state === 'activated') resolve(worker)
    else worker.addEventListener('statechange', () => worker.state === 'installed' && resolve(worker))
  })
}

const RELOAD_FALLBACK_MS = 10_000

/**
 * Fetches the newest service worker, lets it take over and reloads once it controls the page, so the reload shows
 * the new version. Without a service worker a plain reload does the same.
 */
export async function activateLatestVersion(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined)
  if (!registration) {
    window.location.reload()
    return
  }
  await registration.update().catch(() => undefined)
  const pending = registration.waiting ?? (registration.installing ? await installed(registration.installing) : null)
  if (!pending) {
    window.location.reload()
    return
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true })
  pending.postMessage({ type: 'SKIP_WAITING' })
  window.setTimeout(() => window.location.reload(), RELOAD_FALLBACK_MS)
}
