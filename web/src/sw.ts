/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'

declare const self: ServiceWorkerGlobalScope

// The app shell: every built file, replaced as a whole when a new version is installed.
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// Any page address opens the cached app shell, so the app starts offline; the API and static pages are not pages.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/legal\//],
  }),
)

// The update sheet asks a waiting version to take over.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting()
})
