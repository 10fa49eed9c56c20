import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { server } from './server'

// A request no test answers is an error; the live socket the signed-in layout opens is left unanswered.
beforeAll(() =>
  server.listen({
    onUnhandledRequest: (request, print) => {
      if (!request.url.startsWith('ws')) print.error()
    },
  }),
)

afterEach(() => {
  cleanup()
  server.resetHandlers()
  localStorage.clear()
  sessionStorage.clear()
})

afterAll(() => server.close())
