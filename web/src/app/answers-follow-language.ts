import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useI18n } from '@/i18n'

/**
 * The API words its answers in the app's language (configuration texts, notices, a cab's words): when the person
 * changes language, every answer is asked for again, so no screen keeps the words of the language left. Used by the
 * signed-in pages' layout: signing in asks for the configuration afresh, so the sign-in screens need nothing.
 */
export function useAnswersFollowLanguage() {
  const queryClient = useQueryClient()
  const { language } = useI18n()
  const answered = useRef(language)
  useEffect(() => {
    if (answered.current === language) return
    answered.current = language
    void queryClient.invalidateQueries()
  }, [language, queryClient])
}
