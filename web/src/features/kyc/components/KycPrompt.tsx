import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Dialog } from '@/components/Dialog'
import { paths } from '@/config/paths'
import { useT } from '@/i18n'
import { isKycEnabled, useConfig, useCurrentUser } from '@/lib/session'
import { storage } from '@/lib/storage'
import '@/i18n/catalogs/en/kyc'

/** Before creating a trip an unverified host is invited to verify, once, unless they chose to skip. */
export function KycPrompt() {
  const t = useT()
  const user = useCurrentUser()
  const config = useConfig()
  const navigate = useNavigate()
  const [open, setOpen] = useState(
    () => isKycEnabled(config) && !user.is_kyc_verified && !storage.kycPromptSkipped.get(),
  )

  const skip = () => {
    storage.kycPromptSkipped.set(true)
    setOpen(false)
  }

  return (
    <Dialog open={open} title={t('kyc.promptTitle')} onClose={skip} testId="kyc-prompt">
      <p className="muted">{t('kyc.promptText')}</p>
      <div style={{ display: 'flex', gap: 12 }}>
        <button type="button" className="btn btn-secondary btn-block" onClick={skip}>
          {t('kyc.skip')}
        </button>
        <button type="button" className="btn btn-primary btn-block" onClick={() => navigate(paths.kyc)}>
          {t('kyc.completeKyc')}
        </button>
      </div>
    </Dialog>
  )
}
