import { toast } from '@/components/toast'

/** The configured share text with {link} replaced by the trip's address. */
export function tripShareText(template: string, tripId: number, origin: string = window.location.origin): string {
  return template.replaceAll('{link}', `${origin}/trip/${tripId}`)
}

/** The phone's share sheet when there is one, else the text goes to the clipboard. */
export async function shareTrip(template: string, tripId: number): Promise<void> {
  const text = tripShareText(template, tripId)
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: 'Humsafar', text })
      return
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return
    }
  }
  try {
    await navigator.clipboard.writeText(text)
    toast.success('Trip link copied')
  } catch {
    toast.error('Share not supported')
  }
}
