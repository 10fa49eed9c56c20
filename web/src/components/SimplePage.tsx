import type { ReactNode } from 'react'
import { EmptyState } from './EmptyState'
import { PageHeader } from './PageHeader'
import { useT } from '@/i18n'

type SimplePageProps = { title: string; emptyTitle?: string; emptyDescription?: string; backTo?: string; children?: ReactNode }

/** A titled screen with an honest empty state, for areas whose content is not available yet. */
export function SimplePage({ title, emptyTitle, emptyDescription, backTo, children }: SimplePageProps) {
  const t = useT()
  return (
    <>
      <PageHeader title={title} backTo={backTo} />
      <main className="screen">
        <EmptyState title={emptyTitle ?? t('common.nothingHere')} description={emptyDescription}>
          {children}
        </EmptyState>
      </main>
    </>
  )
}
