import '@/i18n/catalogs/en/cab'

/** At most three stops on the way (SPEC §5 Cab). */
export const MAX_STOPS = 3

export type Stop = { place_id: string; label: string }

export type BookingStep = 'stops' | 'vendor' | 'confirmation'

export const withStop = (stops: Stop[], stop: Stop): Stop[] =>
  stops.length >= MAX_STOPS || stops.some((each) => each.place_id === stop.place_id) ? stops : [...stops, stop]

export const withoutStop = (stops: Stop[], placeId: string): Stop[] => stops.filter((each) => each.place_id !== placeId)

/** Request Vendor needs a vendor chosen: the catalog key of the error, or null. */
export const vendorError = (vendor: string | null): 'cab.vendorRequired' | null => (vendor ? null : 'cab.vendorRequired')

/** Fares in whole rupees (the spec shows no paise), written by `money` in the language (useFormat). */
export const rupees = (amount: number, money: (rupees: number) => string): string => money(Math.round(amount))
