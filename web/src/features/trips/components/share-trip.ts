import { toast } from '@/components/toast'
import type { Translate } from '@/i18n'
import { shareNotice, shareOrCopy } from '@/lib/share'
import '@/i18n/catalogs/en/trips'

/** The configured share text with {link} replaced by the trip's address. */
export function tripShareText(template: string, tripId: number, origin: string = window.location.origin): string {
  return template.replaceAll('{link}', `${origin}/trip/${tripId}`)
}

/** The phone's share sheet when there is one, else the text goes to the clipboard; a refused clipboard is told in the
 * words of every copy (lib/share.ts shareNotice). */
export async function shareTrip(template: string, tripId: number, t: Translate): Promise<void> {
  const text = tripShareText(template, tripId)
  const notice = shareNotice(await shareOrCopy({ title: 'Humsafar', text }, text), t('trips.tripLinkCopied'), t)
  if (notice) toast[notice.kind](notice.message)
}
