import { useId, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { useSendFeedback } from '../api/profile'
import styles from './ProfileScreens.module.css'
import { SupportFormLink } from './SupportFormLink'
import { PageHeader } from '@/components/PageHeader'
import { toast } from '@/components/toast'
import { paths } from '@/config/paths'
import { CHOICES, LIMITS } from '@/generated/rules'
import { useT, type Key, type Translate } from '@/i18n'
import { errorMessage } from '@/lib/api'
import { charactersError, textLength, tidyText } from '@/lib/free-text'
import '@/i18n/catalogs/en/profile'

/** The catalog keys of the feedback categories and features; the choices come from domain/rules (SPEC §5). */
const LABELS: Record<string, Extract<Key, `profile.topic${string}`>> = {
  trips: 'profile.topicTrips',
  create: 'profile.topicCreate',
  search: 'profile.topicSearch',
  request: 'profile.topicRequest',
  security: 'profile.topicSecurity',
  kyc_glitch: 'profile.topicKycGlitch',
  passenger_threat: 'profile.topicPassengerThreat',
  chat: 'profile.topicChat',
  chat_glitch: 'profile.topicChatGlitch',
  document_upload: 'profile.topicDocumentUpload',
  unparliamentary_chat_content: 'profile.topicUnparliamentary',
  profile: 'profile.topicProfile',
  incorrect_profile: 'profile.topicIncorrectProfile',
  others: 'profile.topicOthers',
}

/** A choice the app has no words for yet is shown by its key. */
const labelOf = (key: string, t: Translate): string => {
  const label = LABELS[key]
  return label ? t(label) : key
}

const SERVICES = Object.entries(CHOICES.FEEDBACK_FEATURES).map(([service, features]) => ({
  key: service,
  features: features as readonly string[],
}))

/** What is wrong with the feedback, as a catalog key (with the characters it may not have), or null. */
export type FeedbackProblem =
  | { key: 'profile.feedbackServiceRequired' | 'profile.feedbackNoteRequired' | 'profile.feedbackNoteTooLong' }
  | { key: 'profile.noteCharacters'; characters: string }

export function validateFeedback(services: string[], note: string): FeedbackProblem | null {
  if (services.length === 0) return { key: 'profile.feedbackServiceRequired' }
  const trimmed = tidyText(note)
  if (!trimmed) return { key: 'profile.feedbackNoteRequired' }
  if (textLength(trimmed) > LIMITS.FEEDBACK_NOTE_MAX_LENGTH) return { key: 'profile.feedbackNoteTooLong' }
  // The template '{characters}' gives the names of the characters refused, for the sentence of each language.
  const characters = charactersError(trimmed, '{characters}')
  return characters ? { key: 'profile.noteCharacters', characters } : null
}

const sayProblem = (problem: FeedbackProblem, t: Translate): string =>
  problem.key === 'profile.noteCharacters' ? t(problem.key, { characters: problem.characters }) : t(problem.key)

const toggled = (list: string[], key: string) => (list.includes(key) ? list.filter((item) => item !== key) : [...list, key])

export function HelpAndFeedbackScreen() {
  const t = useT()
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
      toast.error(sayProblem(problem, t))
      return
    }
    const chosenFeatures = features.filter((key) => availableFeatures.includes(key))
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
      <PageHeader title={t('profile.helpAndFeedback')} backTo={paths.profile} />
      <main className={styles.screen}>
        <form className={styles.panel} onSubmit={submit} noValidate>
          <h2>{t('profile.feedbackHeading')}</h2>
          <fieldset className={styles.options}>
            <legend className="field-label" style={{ marginBottom: 8 }}>
              {t('profile.feedbackServices')}
            </legend>
            {SERVICES.map((service) => (
              <label key={service.key} className={styles.chip}>
                <input
                  type="checkbox"
                  checked={services.includes(service.key)}
                  onChange={() => setServices((list) => toggled(list, service.key))}
                />
                {labelOf(service.key, t)}
              </label>
            ))}
          </fieldset>
          {availableFeatures.length > 0 && (
            <fieldset className={styles.options}>
              <legend className="field-label" style={{ marginBottom: 8 }}>
                {t('profile.feedbackFeatures')} <span className="field-optional">{t('common.optional')}</span>
              </legend>
              {availableFeatures.map((feature) => (
                <label key={feature} className={styles.chip}>
                  <input
                    type="checkbox"
                    checked={features.includes(feature)}
                    onChange={() => setFeatures((list) => toggled(list, feature))}
                  />
                  {labelOf(feature, t)}
                </label>
              ))}
            </fieldset>
          )}
          <div className="field">
            <label className="field-label" htmlFor={noteId}>
              {t('profile.note')}
            </label>
            <textarea
              id={noteId}
              className={`input ${styles.textarea}`}
              value={note}
              maxLength={LIMITS.FEEDBACK_NOTE_MAX_LENGTH}
              onChange={(event) => setNote(event.target.value)}
              placeholder={t('profile.notePlaceholder')}
            />
            <p className="field-hint">
              {note.length}/{LIMITS.FEEDBACK_NOTE_MAX_LENGTH}
            </p>
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={sendFeedback.isPending}>
            {t('profile.sendFeedback')}
          </button>
        </form>
        <SupportFormLink />
      </main>
    </>
  )
}
