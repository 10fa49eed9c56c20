import { useId, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { useSendFeedback } from '../api/profile'
import styles from './ProfileScreens.module.css'
import { SupportFormLink } from './SupportFormLink'
import { PageHeader } from '@/components/PageHeader'
import { toast } from '@/components/toast'
import { paths } from '@/config/paths'
import { CHOICES, LIMITS, MESSAGES } from '@/generated/rules'
import { errorMessage } from '@/lib/api'
import { charactersError, textLength, tidyText } from '@/lib/free-text'

/** Display labels of the feedback categories and features; the keys come from domain/rules (SPEC §5). */
const LABELS: Record<string, string> = {
  trips: 'Trips',
  create: 'Create',
  search: 'Search',
  request: 'Request',
  security: 'Security',
  kyc_glitch: 'KYC glitch',
  passenger_threat: 'Passenger threat',
  chat: 'Chat',
  chat_glitch: 'Chat glitch',
  document_upload: 'Document upload',
  unparliamentary_chat_content: 'Unparliamentary content',
  profile: 'Profile',
  incorrect_profile: 'Incorrect profile',
  others: 'Others',
}

const labelled = (key: string) => ({ key, label: LABELS[key] ?? key })

const SERVICES = Object.entries(CHOICES.FEEDBACK_FEATURES).map(([service, features]) => ({
  ...labelled(service),
  features: (features as readonly string[]).map(labelled),
}))

export function validateFeedback(services: string[], note: string): string | null {
  if (services.length === 0) return MESSAGES.FEEDBACK_SERVICE_REQUIRED
  const trimmed = tidyText(note)
  if (!trimmed) return MESSAGES.FEEDBACK_NOTE_REQUIRED
  if (textLength(trimmed) > LIMITS.FEEDBACK_NOTE_MAX_LENGTH) return MESSAGES.FEEDBACK_NOTE_TOO_LONG
  return charactersError(trimmed, MESSAGES.NOTE_CHARACTERS)
}

const toggled = (list: string[], key: string) => (list.includes(key) ? list.filter((item) => item !== key) : [...list, key])

export function HelpAndFeedbackScreen() {
  const navigate = useNavigate()
  const sendFeedback = useSendFeedback()
  const [services, setServices] = useState<string[]>([])
  const [features, setFeatures] = useState<string[]>([])
  const [note, setNote] = useState('')
  const noteId = useId()

  const availableFeatures = SERVICES.filter((service) => services.includes(service.key)).flatMap(
    (service) => service.features,
  )

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problem = validateFeedback(services, note)
    if (problem) {
      toast.error(problem)
      return
    }
    const chosenFeatures = features.filter((key) => availableFeatures.some((feature) => feature.key === key))
    sendFeedback.mutate(
      { services, features: chosenFeatures, note: note.trim() },
      {
        onSuccess: ({ message }) => {
          if (message) toast.success(message)
          navigate(paths.profile)
        },
        onError: (failure) => toast.error(errorMessage(failure)),
      },
    )
  }

  return (
    <>
      <PageHeader title="Help and Feedback" backTo={paths.profile} />
      <main className={styles.screen}>
        <form className={styles.panel} onSubmit={submit} noValidate>
          <h2>We would love to hear from you!</h2>
          <fieldset className={styles.options}>
            <legend className="field-label" style={{ marginBottom: 8 }}>
              Which part of the app is this about?
            </legend>
            {SERVICES.map((service) => (
              <label key={service.key} className={styles.chip}>
                <input
                  type="checkbox"
                  checked={services.includes(service.key)}
                  onChange={() => setServices((list) => toggled(list, service.key))}
                />
                {service.label}
              </label>
            ))}
          </fieldset>
          {availableFeatures.length > 0 && (
            <fieldset className={styles.options}>
              <legend className="field-label" style={{ marginBottom: 8 }}>
                What exactly? <span className="field-optional">(optional)</span>
              </legend>
              {availableFeatures.map((feature) => (
                <label key={feature.key} className={styles.chip}>
                  <input
                    type="checkbox"
                    checked={features.includes(feature.key)}
                    onChange={() => setFeatures((list) => toggled(list, feature.key))}
                  />
                  {feature.label}
                </label>
              ))}
            </fieldset>
          )}
          <div className="field">
            <label className="field-label" htmlFor={noteId}>
              Note
            </label>
            <textarea
              id={noteId}
              className={`input ${styles.textarea}`}
              value={note}
              maxLength={LIMITS.FEEDBACK_NOTE_MAX_LENGTH}
              onChange={(event) => setNote(event.target.value)}
              placeholder="Tell us what happened or what we could do better"
            />
            <p className="field-hint">
              {note.length}/{LIMITS.FEEDBACK_NOTE_MAX_LENGTH}
            </p>
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={sendFeedback.isPending}>
            Leave a feedback
          </button>
        </form>
        <SupportFormLink />
      </main>
    </>
  )
}
