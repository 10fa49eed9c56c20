import { useId, useState, type RefObject } from 'react'
import { useAnswerQuery, useAskQuery } from '../api/join'
import { messageError, type TripQuestion } from '../model/join'
import { claimFeedbackPrompt, FeedbackPrompt } from './FeedbackPrompt'
import styles from './TripQuestions.module.css'
import { Avatar } from '@/components/Avatar'
import { PersonButton } from '@/components/person'
import { toast } from '@/components/toast'
import type { Trip } from '@/components/trip/trip'
import { LIMITS } from '@/generated/rules'
import { errorMessage } from '@/lib/api'
import { relativeTime } from '@/lib/time'
import { useI18n, useT } from '@/i18n'
import '@/i18n/catalogs/en/trips'

type TripQuestionsProps = { trip: Trip; inputRef: RefObject<HTMLTextAreaElement | null> }

/**
 * Questions to the host and their answers. Anyone but the host may ask before the trip starts; the host answers
 * an unanswered one through its Reply link. Asking may be followed by the daily feedback prompt.
 */
export function TripQuestions({ trip, inputRef }: TripQuestionsProps) {
  const [feedbackOpen, setFeedbackOpen] = useState(false)
  const t = useT()
  const askQuery = useAskQuery(trip.id)
  const canAsk = !trip.is_current_user_host && !trip.is_past && trip.status !== 'CANCELLED'
  if (!canAsk && trip.queries.length === 0) return null

  return (
    <section className={styles.section} aria-labelledby="trip-questions-heading" data-testid="trip-questions">
      <h3 id="trip-questions-heading" className={styles.title}>
        {t('trips.questionsAndAnswers')}
      </h3>
      {trip.queries.length === 0 ? (
        <p className={styles.empty}>{t('trips.noQuestions')}</p>
      ) : (
        <ul className={styles.list}>
          {trip.queries.map((query) => (
            <QuestionItem key={query.id} query={query} canReply={trip.is_current_user_host} />
          ))}
        </ul>
      )}
      {canAsk && (
        <MessageBox
          label={t('trips.askTheHost')}
          submitLabel={t('trips.ask')}
          inputRef={inputRef}
          pending={askQuery.isPending}
          send={(question) => askQuery.mutateAsync(question)}
          onSent={() => {
            if (claimFeedbackPrompt()) setFeedbackOpen(true)
          }}
        />
      )}
      <FeedbackPrompt open={feedbackOpen} onClose={() => setFeedbackOpen(false)} />
    </section>
  )
}

function QuestionItem({ query, canReply }: { query: TripQuestion; canReply: boolean }) {
  const [replying, setReplying] = useState(false)
  const { t, locale } = useI18n()
  const answerQuery = useAnswerQuery()
  return (
    <li className={styles.item} data-testid="trip-question">
      <div className={styles.asker}>
        <PersonButton person={query.created_by} decorative>
          <Avatar src={query.created_by.small_image_url} name={query.created_by.name} size={32} />
        </PersonButton>
        <PersonButton person={query.created_by} className={styles.name}>
          {query.created_by.name}
        </PersonButton>
        <time className={styles.time} dateTime={query.created_on}>
          {relativeTime(new Date(query.created_on), locale)}
        </time>
      </div>
      <p className={styles.question}>{query.question}</p>
      {query.answer != null ? (
        <div className={styles.answer} data-testid="trip-answer">
          <span className={styles.answerBy}>{t('trips.answered', { name: query.answered_by?.name ?? t('trips.host') })}</span>
          <p>{query.answer}</p>
        </div>
      ) : canReply ? (
        replying ? (
          <MessageBox
            label={query.created_by.name ? t('trips.replyTo', { name: query.created_by.name }) : t('trips.replyToQuestion')}
            submitLabel={t('trips.sendReply')}
            autoFocus
            pending={answerQuery.isPending}
            send={(answer) => answerQuery.mutateAsync({ queryId: query.id, answer })}
            onSent={() => setReplying(false)}
            onCancel={() => setReplying(false)}
          />
        ) : (
          <button type="button" className={`link-button ${styles.reply}`} onClick={() => setReplying(true)}>
            {t('trips.reply')}
          </button>
        )
      ) : (
        <p className={styles.waiting}>{t('trips.waitingForHost')}</p>
      )}
    </li>
  )
}

type MessageBoxProps = {
  label: string
  submitLabel: string
  pending: boolean
  /** Sends the trimmed text; resolves with the server's message. */
  send: (text: string) => Promise<{ message: string }>
  onSent: () => void
  onCancel?: () => void
  inputRef?: RefObject<HTMLTextAreaElement | null>
  autoFocus?: boolean
}

/** A two-row box for a question or an answer, checked against the message rules before it is sent (SPEC §5). */
function MessageBox({ label, submitLabel, pending, send, onSent, onCancel, inputRef, autoFocus }: MessageBoxProps) {
  const inputId = useId()
  const errorId = useId()
  const { t, message } = useI18n()
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)

  const submit = async () => {
    const problem = messageError(text, t)
    setError(problem)
    if (problem) return
    try {
      const { message } = await send(text.trim())
      toast.success(message)
      setText('')
      onSent()
    } catch (failure) {
      toast.error(message(errorMessage(failure)))
    }
  }

  return (
    <form
      className={styles.box}
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <label className="visually-hidden" htmlFor={inputId}>
        {label}
      </label>
      <div className={styles.boxRow}>
        <textarea
          id={inputId}
          ref={inputRef}
          className={`input ${styles.input}`}
          rows={LIMITS.QUERY_INPUT_MAX_ROWS}
          maxLength={LIMITS.MESSAGE_MAX_LENGTH}
          placeholder={label}
          value={text}
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          onChange={(event) => {
            setText(event.target.value)
            setError(null)
          }}
        />
        <button type="submit" className="btn btn-primary btn-small" disabled={pending}>
          {submitLabel}
        </button>
      </div>
      <div className={styles.boxFooter}>
        <p id={errorId} className="field-error" role={error ? 'alert' : undefined}>
          {error}
        </p>
        {onCancel && (
          <button type="button" className="link-button" onClick={onCancel}>
            {t('trips.cancel')}
          </button>
        )}
      </div>
    </form>
  )
}
