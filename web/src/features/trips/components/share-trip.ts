import { toast } from '@/components/toast'
import { shareOrCopy } from '@/lib/share'

/** The configured share text with {link} replaced by the trip's address. */
export function tripShareText(template: string, tripId: number, origin: string = window.location.origin): string {
  return template.replaceAll('{link}', `${origin}/trip/${tripId}`)
}

/** The phone's share sheet when there is one, else the text goes to the clipboard. */
export async function shareTrip(template: string, tripId: number): Promise<void> {
  const text = tripShareText(template, tripId)
  const outcome = await shareOrCopy({ title: 'Humsafar', text }, text)
  if (outcome === 'copied') toast.success('Trip link copied')
  if (outcome === 'unsupported') toast.error('Share not supported')
}
