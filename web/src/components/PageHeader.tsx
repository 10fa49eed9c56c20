import type { ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { BackIcon } from './icons'
import styles from './PageHeader.module.css'
import { paths } from '@/config/paths'
import { useT } from '@/i18n'

type PageHeaderProps = {
  title: string
  backTo?: string
  backState?: unknown
  /** Where Back goes when this screen was opened first (a link, a reload of a new tab); else Back is the browser's. */
  fallbackTo?: string
  actions?: ReactNode
}

/** A screen's top bar: back, the screen's one h1, optional actions. */
export function PageHeader({ title, backTo, backState, fallbackTo, actions }: PageHeaderProps) {
  const t = useT()
  const navigate = useNavigate()
  const goBack = () => {
    if (backTo) navigate(backTo, backState === undefined ? undefined : { state: backState })
    else if (window.history.state && window.history.state.idx > 0) navigate(-1)
    else navigate(fallbackTo ?? paths.home)
  }
  return (
    <header className={styles.header}>
      <button type="button" className="icon-button" onClick={goBack} aria-label={t('common.back')} title={t('common.back')}>
        <BackIcon />
      </button>
      <h1 className={styles.title} title={title}>
        {title}
      </h1>
      <div className={styles.actions}>{actions}</div>
    </header>
  )
}
