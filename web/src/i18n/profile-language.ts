import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useI18n } from './I18nProvider'
import { isLanguage, languageOf, type Language } from './languages'
import { updateUser, userQueryOptions, type User, type UserUpdate } from '@/lib/session'

/** The profile's language, where the API sends one (older answers have none). */
export const profileLanguage = (user: User | undefined): Language | null => {
  const language = (user as { language?: unknown } | undefined)?.language
  return isLanguage(language) ? language : null
}

/** A language picked on the sign-in screen: the profile takes it once the person is in. */
let pickedSignedOut: Language | null = null

export function rememberPickedSignedOut(language: Language): void {
  pickedSignedOut = language
}

/** Saves a chosen language on the profile (PUT /api/user/user), quietly: the device remembers it in any case. */
export function useSaveProfileLanguage(): (language: Language) => void {
  const queryClient = useQueryClient()
  return (language) => {
    updateUser({ language } as UserUpdate)
      .then(() =>
        queryClient.setQueryData(userQueryOptions().queryKey, (user) => user && ({ ...user, language } as User)),
      )
      .catch(() => undefined)
  }
}

/**
 * Once the signed-in person's profile is read: the app speaks the profile's language, unless the person picked one on
 * the sign-in screen just now or is new (a new profile's language is only the default), where the device's language
 * goes to the profile instead.
 */
export function useProfileLanguage(user: User | undefined, isNew: boolean): void {
  const { locale, setLocale } = useI18n()
  const save = useSaveProfileLanguage()
  const language = profileLanguage(user)
  useEffect(() => {
    if (!language) return
    const device = pickedSignedOut ?? (isNew ? languageOf(locale) : null)
    pickedSignedOut = null
    if (device) {
      if (device !== language) save(device)
    } else if (language !== locale) {
      void setLocale(language)
    }
    // Only a newly read profile language is acted on: a choice made on this device since then stands.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language])
}
