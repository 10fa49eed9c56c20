import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import styles from './LinkedIn.module.css'
import { Busy } from '@/components/Busy'
import { PageHeader } from '@/components/PageHeader'
import { paths } from '@/config/paths'
import { LIMITS, MESSAGES } from '@/generated/rules'
import { useT } from '@/i18n'
import type { components } from '@/generated/api'
import { ApiError } from '@/lib/api'
import { call } from '@/lib/api-client'
import { userQueryOptions } from '@/lib/session'
import '@/i18n/catalogs/en/linkedin'

/** What the provider returned to /linkedin/callback, as the callback call takes it. */
export function callbackBody(params: URLSearchParams): components['schemas']['LinkedInCallback'] | null {
  const state = params.get('state')
  if (!state) return null
  const body: components['schemas']['LinkedInCallback'] = { state }
  for (const name of ['code', 'error', 'error_description'] as const) {
    const value = params.get(name)
    if (value) body[name] = value
  }
  return body
}

/**
 * What the profile says when the callback fails (SPEC §8): the server's message; 'An error occurred while verifying
 * your account.' when the server answered without one; 'An unexpected error occurred.' when it could not be asked
 * (those two as catalog keys).
 */
export function callbackFailureMessage(
  error: unknown,
): { said: string } | { key: 'linkedin.unexpected' | 'linkedin.verifyFailed' } {
  if (!(error instanceof ApiError) || error.status === 0) return { key: 'linkedin.unexpected' }
  if (error.message === MESSAGES.FALLBACK_ERROR) return { key: 'linkedin.verifyFailed' }
  return { said: error.message }
}

/** /linkedin/callback: verifying, then success and the profile after 4 s, or the profile with the error. */
export function LinkedInCallbackScreen() {
  const t = useT()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  // Posted once: the provider's code and state are single-use, and StrictMode runs effects twice.
  const sent = useRef(false)
  const [verified, setVerified] = useState<string | null>(null)

  useEffect(() => {
    if (sent.current) return
    sent.current = true
    const body = callbackBody(params)
    if (!body) {
      navigate(paths.profile, { replace: true, state: { error: t('linkedin.unexpected') } })
      return
    }
    call('POST', '/api/user/linkedin/callback', { body })
      .then(async (answer) => {
        // Asked again now, so the profile opens without the LinkedIn row and with the link (or, when that fails,
        // asks again as it opens).
        await queryClient
          .fetchQuery({ ...userQueryOptions(), staleTime: 0 })
          .catch(() => queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey }))
        setVerified(answer.message || t('linkedin.linked'))
      })
      .catch((error: unknown) => {
        const failure = callbackFailureMessage(error)
        navigate(paths.profile, { replace: true, state: { error: 'said' in failure ? failure.said : t(failure.key) } })
      })
  }, [params, navigate, queryClient, t])

  useEffect(() => {
    if (!verified) return
    const timer = window.setTimeout(
      () => navigate(paths.profile, { replace: true }),
      LIMITS.LINKEDIN_SUCCESS_REDIRECT_SECONDS * 1000,
    )
    return () => window.clearTimeout(timer)
  }, [verified, navigate])

  return (
    <>
      <PageHeader title={t('linkedin.title')} backTo={paths.profile} />
      <main className="screen">
        {verified ? (
          <p role="status" className={styles.done}>
            {verified}
          </p>
        ) : (
          <Busy text={t('linkedin.verifying')} />
        )}
        {verified && (
          <button type="button" className="btn btn-primary btn-block" onClick={() => navigate(paths.profile, { replace: true })}>
            {t('linkedin.goToProfile')}
          </button>
        )}
      </main>
    </>
  )
}
