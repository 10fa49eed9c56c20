import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { emergencyContactsQueryOptions, useSaveEmergencyContacts, type EmergencyContact } from '../api/safety'
import {
  canAddContact,
  contactErrors,
  contactsOf,
  draftsOf,
  hasErrors,
  mobileDigits,
  newDraft,
  type ContactDraft,
} from '../model/contacts'
import styles from './EmergencyContacts.module.css'
import { Busy } from '@/components/Busy'
import { EmptyState } from '@/components/EmptyState'
import { PlusIcon, TrashIcon } from '@/components/icons'
import { PageHeader } from '@/components/PageHeader'
import { TextField } from '@/components/TextField'
import { toast } from '@/components/toast'
import { paths } from '@/config/paths'
import { LIMITS } from '@/generated/rules'
import { useI18n, useT } from '@/i18n'
import { errorMessage } from '@/lib/api'
import { useCurrentUser } from '@/lib/session'
import '@/i18n/catalogs/en/safety'

/**
 * /emergency-contacts: up to three people who are sent a text with the live trip when an SOS is raised. The rows are
 * checked as typed once a save was tried; a refused or failed save keeps everything typed and says why by the form.
 */
export function EmergencyContactsScreen() {
  const t = useT()
  const contacts = useQuery(emergencyContactsQueryOptions())
  return (
    <>
      <PageHeader title={t('safety.contactsTitle')} fallbackTo={paths.profile} />
      <main className={styles.screen}>
        {contacts.isPending ? (
          <Busy text={t('safety.loadingContacts')} />
        ) : contacts.isError ? (
          <section className={styles.loadFailed} role="alert">
            <p>{errorMessage(contacts.error)}</p>
            <button type="button" className="btn btn-secondary" onClick={() => void contacts.refetch()}>
              {t('safety.tryAgain')}
            </button>
          </section>
        ) : (
          <ContactsForm saved={contacts.data} />
        )}
      </main>
    </>
  )
}

function ContactsForm({ saved }: { saved: EmergencyContact[] }) {
  const { t } = useI18n()
  const user = useCurrentUser()
  const save = useSaveEmergencyContacts()
  const [drafts, setDrafts] = useState<ContactDraft[]>(() => draftsOf(saved))
  const [tried, setTried] = useState(false)
  // Each save refused here moves the focus to the first field to fix, once its words are on the page.
  const [refusedAttempts, setRefusedAttempts] = useState(0)
  const [refusal, setRefusal] = useState<string | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const errors = contactErrors(drafts, user.mobile_number, t)
  useEffect(() => {
    if (refusedAttempts > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [refusedAttempts])

  const edit = (key: number, change: Partial<ContactDraft>) => {
    setRefusal(null)
    setDrafts((rows) => rows.map((row) => (row.key === key ? { ...row, ...change } : row)))
  }
  const add = () => {
    setRefusal(null)
    setDrafts((rows) => (canAddContact(rows) ? [...rows, newDraft()] : rows))
  }
  const remove = (key: number) => {
    setRefusal(null)
    setDrafts((rows) => rows.filter((row) => row.key !== key))
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (hasErrors(errors)) {
      setRefusedAttempts((count) => count + 1)
      return
    }
    try {
      const answer = await save.mutateAsync(contactsOf(drafts))
      setDrafts(draftsOf(answer.data.contacts))
      setTried(false)
      toast.success(answer.message)
    } catch (error) {
      setRefusal(errorMessage(error))
    }
  }

  return (
    <form ref={formRef} className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <p className="muted">{t('safety.contactsIntro', { max: LIMITS.EMERGENCY_CONTACTS_MAX })}</p>
      {drafts.length === 0 ? (
        <EmptyState title={t('safety.noContacts')} description={t('safety.noContactsHint')} />
      ) : (
        <ol className={styles.rows}>
          {drafts.map((draft, index) => (
            <li key={draft.key}>
              <fieldset className={styles.row} data-testid="contact-row">
                <legend className={styles.legend}>{t('safety.contactNumber', { index: index + 1 })}</legend>
                <TextField
                  label={t('safety.name')}
                  value={draft.name}
                  autoComplete="off"
                  maxLength={LIMITS.EMERGENCY_CONTACT_NAME_MAX_LENGTH}
                  error={tried ? errors[index].name : null}
                  onChange={(event) => edit(draft.key, { name: event.target.value })}
                />
                <TextField
                  label={t('safety.mobileNumber')}
                  value={draft.mobile_number}
                  type="tel"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={LIMITS.PHONE_LENGTH}
                  hint={t('safety.tenDigits')}
                  error={tried ? errors[index].mobile_number : null}
                  onChange={(event) => edit(draft.key, { mobile_number: mobileDigits(event.target.value) })}
                />
                <button
                  type="button"
                  className={`btn btn-small btn-secondary ${styles.remove}`}
                  aria-label={t('safety.removeContact', { index: index + 1 })}
                  onClick={() => remove(draft.key)}
                >
                  <TrashIcon size={16} /> {t('safety.remove')}
                </button>
              </fieldset>
            </li>
          ))}
        </ol>
      )}
      {canAddContact(drafts) && (
        <button type="button" className="btn btn-secondary btn-block" onClick={add}>
          <PlusIcon size={18} /> {t('safety.addContact')}
        </button>
      )}
      <p className="field-error" role="alert" data-testid="contacts-refusal">
        {refusal}
      </p>
      <button type="submit" className="btn btn-primary btn-block" disabled={save.isPending}>
        {save.isPending ? t('safety.saving') : t('safety.save')}
      </button>
    </form>
  )
}
