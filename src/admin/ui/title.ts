import { useLingui } from '@lingui/react/macro'
import { useEffect } from 'react'
import { BRAND_NAME } from '~/brand'

/** The window's title for a screen: the screen, the back office, the shop. */
export function useAdminTitle(screen: string): void {
  const { t } = useLingui()
  const title = `${screen} · ${t`Back office`} · ${BRAND_NAME}`
  useEffect(() => {
    document.title = title
  }, [title])
}
