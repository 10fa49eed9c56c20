import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { components } from '@/generated/api'
import { call, getData } from '@/lib/api-client'
import { userQueryOptions } from '@/lib/session'
import { REVIEWS_KEY, TRIPS_KEY } from '@/lib/query-keys'

export type TripReviews = components['schemas']['TripReviews']
export type ReviewSent = components['schemas']['ReviewSent']
export type ReviewableMember = components['schemas']['ReviewableMember']
export type ReviewIn = components['schemas']['ReviewIn']
export type ReviewSummary = components['schemas']['ReviewSummary']
export type ReceivedReview = components['schemas']['ReceivedReview']


export const tripReviewsQueryOptions = (tripId: string) =>
  queryOptions({
    queryKey: [...REVIEWS_KEY, 'trip', tripId],
    queryFn: ({ signal }) => getData('/api/user/review/trip/{trip_id}', { path: { trip_id: tripId }, signal }),
    retry: false,
    staleTime: 0,
  })

/** Whose reviews: one's own ('my') or another person's id. */
export const reviewSummaryQueryOptions = (whose: 'my' | string) =>
  infiniteQueryOptions({
    queryKey: [...REVIEWS_KEY, 'summary', whose],
    queryFn: ({ pageParam, signal }) =>
      whose === 'my'
        ? getData('/api/user/review/my', { query: { page: pageParam }, signal })
        : getData('/api/user/review/{user_id}/trip', { path: { user_id: whose }, query: { page: pageParam }, signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  })

/** Sends the cards; the trip, the reviews and the signed-in person's figures are read again. */
export function useSendReviews(tripId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (cards: ReviewIn[]) =>
      call('PUT', '/api/user/review/trip/{trip_id}', { path: { trip_id: tripId }, body: cards }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: REVIEWS_KEY }),
        queryClient.invalidateQueries({ queryKey: TRIPS_KEY }),
        queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey }),
      ]),
  })
}
