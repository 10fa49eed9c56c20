import { queryOptions } from '@tanstack/react-query'
import type { components } from '@/generated/api'
import { getData } from '@/lib/api-client'
import { REVIEWS_KEY } from '@/lib/query-keys'

/** A completed trip one travelled on with others and has not reviewed yet. */
export type TripToRate = components['schemas']['ReviewedTrip']

export const tripsToRateQueryOptions = () =>
  queryOptions({
    queryKey: [...REVIEWS_KEY, 'pending'],
    queryFn: ({ signal }) => getData('/api/user/review/pending', { signal }),
  })
