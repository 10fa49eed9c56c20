import { useMutation } from '@tanstack/react-query'
import type { components } from '@/generated/api'
import { request } from '@/lib/api'

export type KycToken = components['schemas']['KycToken']
export type KycState = components['schemas']['KycState']

/** Starts a verification (or answers the running one); the browser then goes to the vendor's widget. */
export function useStartKyc() {
  return useMutation({
    mutationFn: () => request<KycToken>('/api/user/kyc/hyperverge/initiate', { method: 'PATCH' }),
  })
}

/** What the widget said when it returned; the server asks the vendor itself. */
export const reportKycResult = (transactionId: string, status: string) =>
  request<KycState>('/api/user/kyc/result', {
    method: 'POST',
    body: { transaction_id: transactionId, status },
  })
