import { http, HttpResponse, type JsonBodyType } from 'msw'
import { setupServer } from 'msw/node'

/** The network every test runs against: handlers answer the API's URLs, anything else is refused as unexpected. */
export const server = setupServer()

/** A request as the API received it: method, path with query, JSON body (null when none), headers and signal. */
export type Sent = { method: string; url: string; body: unknown; headers: Headers; signal: AbortSignal }

/** The answer envelope the API wraps every reply in (ARCHITECTURE.md, "Envelope"). */
export const envelope = (data: unknown = null, message = '') => ({ status: 'SUCCESS', message, data })

export const failure = (message: string, messageId?: string) => ({
  status: 'FAILURE',
  message,
  ...(messageId ? { message_id: messageId } : {}),
})

/** A JSON answer with this status. */
export const reply = (body: unknown, status = 200) => HttpResponse.json(body as JsonBodyType, { status })

async function readBody(request: Request): Promise<unknown> {
  const text = await request.clone().text()
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** Answers the requests to /api/* with these answers in turn, recording each request (the last answer repeats). */
export function serveAnswers(...answers: (() => Response | Promise<Response>)[]): Sent[] {
  let next = 0
  return serveApi(() => answers[Math.min(next++, answers.length - 1)]())
}

/**
 * Answers every request to /api/* with `answer` (given the request as received) and records each one, in order, so
 * a test can check what reached the network.
 */
export function serveApi(answer: (sent: Sent) => Response | Promise<Response>): Sent[] {
  const sent: Sent[] = []
  server.use(
    http.all('/api/*', async ({ request }) => {
      const url = new URL(request.url)
      const received = {
        method: request.method,
        url: url.pathname + url.search,
        body: await readBody(request),
        headers: request.headers,
        signal: request.signal,
      }
      sent.push(received)
      return answer(received)
    }),
  )
  return sent
}
