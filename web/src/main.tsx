import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { removeAppShellOnFirstScreen } from './app/app-shell'
import { preloadFirstScreen } from './app/router'
import { registerServiceWorker } from './lib/service-worker'
import './styles/index.css'

preloadFirstScreen(window.location.pathname)

const root = document.getElementById('root')!
removeAppShellOnFirstScreen(root)

// The first frame from index.html is on the screen already, so the app renders in slices that leave the page
// responsive to the person's first taps instead of in one long task.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
})

registerServiceWorker()
