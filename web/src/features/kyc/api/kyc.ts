import { useMutation } from '@tanstack/react-query'
import type { components } from '@/generated/api'
import { call } from '@/lib/api-client'

export type KycToken = components['schemas']['KycToken']
export type KycState = components['schemas']['KycState']
type KycResult = components['schemas']['KycResult']

/** Starts a verification (or answers the running one); the browser then goes to the vendor's widget. */
export function useStartKyc() {
  return useMutation({
    mutationFn: () => call('PATCH', '/api/user/kyc/hyperverge/initiate'),
  })
}

/** What the widget said when it returned; the server asks the vendor itself. */
export const reportKycResult = (transactionId: string, status: KycResult['status']) =>
  call('POST', '/api/user/kyc/result', { body: { transaction_id: transactionId, status } })
