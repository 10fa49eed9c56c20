import { useMutation, useQueryClient } from '@tanstack/react-query'
import { updateUser, userQueryOptions, type Gender } from '@/lib/session'

export type ProfileChanges = {
  name?: string
  gender?: Gender
  /** DD-MM-YYYY */
  dob?: string
  /** base64 of a JPEG/PNG/HEIC image, without a data: prefix */
  profile_image_base64?: string
  referrer_code?: string
}

/** Saves only the given fields; the answer's user replaces the cached one. */
export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (changes: ProfileChanges) => updateUser(changes),
    onSuccess: ({ data }) => {
      if (data) queryClient.setQueryData(userQueryOptions().queryKey, data)
      else void queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey })
    },
  })
}
