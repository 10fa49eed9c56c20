import { LIMITS } from '@/generated/rules'
import { APP_MESSAGES as MESSAGES } from '@/i18n/catalogs/en/messages'

export type ToastKind = 'success' | 'error'
export type Toast = { id: number; kind: ToastKind; message: string }

type Listener = () => void

let toasts: readonly Toast[] = []
let nextId = 1
const listeners = new Set<Listener>()

function emit() {
  for (const listener of listeners) listener()
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((item) => item.id !== id)
  emit()
}

function show(kind: ToastKind, message: string, seconds: number): number {
  const id = nextId++
  // The same text twice in a row is one toast, not a stack.
  toasts = [...toasts.filter((item) => item.message !== message), { id, kind, message }]
  emit()
  window.setTimeout(() => dismissToast(id), seconds * 1000)
  return id
}

/** Green toasts (3 s) carry the server's success message; red ones (5 s) its error, or the fallback text. */
export const toast = {
  success: (message: string) => show('success', message, LIMITS.SUCCESS_TOAST_SECONDS),
  error: (message?: string | null) =>
    show('error', message?.trim() ? message : MESSAGES.FALLBACK_ERROR, LIMITS.ERROR_TOAST_SECONDS),
}

export const toastStore = {
  subscribe(listener: Listener) {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  },
  snapshot: () => toasts,
}
