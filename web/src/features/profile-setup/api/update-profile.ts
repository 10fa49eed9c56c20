import { useMutation, useQueryClient } from '@tanstack/react-query'
import { request } from '@/lib/api'
import type { Gender, User } from '@/lib/session'

export type ProfileChanges = {
  name?: string
  gender?: Gender
  /** DD-MM-YYYY */
  dob?: string
  /** base64 of a JPEG/PNG/HEIC image, without a data: prefix */
  profile_image_base64?: string
  referrer_code?: string
}

/** PUT /api/user/user with only the given fields; the answer's user replaces the cached one. */
export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (changes: ProfileChanges) => request<User | null>('/api/user/user', { method: 'PUT', body: changes }),
    onSuccess: ({ data }) => {
      if (data) queryClient.setQueryData(['user'], data)
      else void queryClient.invalidateQueries({ queryKey: ['user'] })
    },
  })
}
