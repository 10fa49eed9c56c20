import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Dialog } from '@/components/Dialog'
import { paths } from '@/config/paths'
import { isKycEnabled, useConfig, useCurrentUser } from '@/lib/session'
import { storage } from '@/lib/storage'

/** Before creating a trip an unverified host is invited to verify, once, unless they chose to skip. */
export function KycPrompt() {
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
    <Dialog open={open} title="Verify your profile" onClose={skip} testId="kyc-prompt">
      <p className="muted">
        Co-riders are more likely to join a verified host. Complete KYC to show the verified mark on your trips.
      </p>
      <div style={{ display: 'flex', gap: 12 }}>
        <button type="button" className="btn btn-secondary btn-block" onClick={skip}>
          Skip
        </button>
        <button type="button" className="btn btn-primary btn-block" onClick={() => navigate(paths.kyc)}>
          Complete KYC
        </button>
      </div>
    </Dialog>
  )
}
