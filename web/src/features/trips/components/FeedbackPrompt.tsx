import { useNavigate } from 'react-router'
import { calendarDay, shouldPromptFeedback } from '../model/join'
import styles from './JoinDialogs.module.css'
import { Dialog } from '@/components/Dialog'
import { paths } from '@/config/paths'
import { useT } from '@/i18n'
import '@/i18n/catalogs/en/trips'

/** localStorage key of the calendar day the feedback prompt was last shown; logout clears it with everything else. */
const LAST_PROMPT_KEY = 'humsafar.feedback-prompt-day'

function lastPromptDay(): string | null {
  try {
    return window.localStorage.getItem(LAST_PROMPT_KEY)
  } catch {
    return null
  }
}

/** True (and remembered for today) when the prompt may be shown now: at most once per calendar day (SPEC §4). */
export function claimFeedbackPrompt(now: Date = new Date()): boolean {
  if (!shouldPromptFeedback(lastPromptDay(), now)) return false
  try {
    window.localStorage.setItem(LAST_PROMPT_KEY, calendarDay(now))
  } catch {
    // Without storage the prompt may come back later today; that is all.
  }
  return true
}

export function FeedbackPrompt({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate()
  const t = useT()
  return (
    <Dialog open={open} title={t('trips.feedbackTitle')} onClose={onClose} testId="feedback-prompt">
      <p className={styles.lead}>{t('trips.feedbackLead')}</p>
      <div className={styles.actions}>
        <button type="button" className="btn btn-secondary btn-block" onClick={onClose}>
          {t('trips.notNow')}
        </button>
        <button type="button" className="btn btn-primary btn-block" onClick={() => navigate(paths.helpAndFeedback)}>
          {t('trips.leaveFeedback')}
        </button>
      </div>
    </Dialog>
  )
}
