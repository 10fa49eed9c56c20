import { Outlet, ScrollRestoration } from 'react-router'
import { Toaster } from '@/components/toast'

export function RootLayout() {
  return (
    <>
      <Outlet />
      <Toaster />
      <ScrollRestoration />
    </>
  )
}
