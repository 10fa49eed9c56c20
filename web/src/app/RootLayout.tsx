import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { OfflineBanner } from '@/components/OfflineBanner'
import { PersonSheetHost } from '@/components/person/PersonSheetHost'
import { Splash } from '@/components/Splash'
import { Toaster } from '@/components/toast'
import { useNavigationEffects } from '@/lib/navigation'

export function RootLayout() {
  useNavigationEffects()
  return (
    <>
      <Suspense fallback={<Splash />}>
        <Outlet />
      </Suspense>
      <PersonSheetHost />
      <Toaster />
      <OfflineBanner />
    </>
  )
}
