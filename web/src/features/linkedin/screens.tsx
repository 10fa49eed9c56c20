import { SimplePage } from '@/components/SimplePage'
import { paths } from '@/config/paths'

export function LinkedInCallbackScreen() {
  return <SimplePage title="LinkedIn Verification" backTo={paths.profile} />
}
