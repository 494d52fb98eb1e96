import { Trans } from '@lingui/react/macro'
import { lazy, Suspense, type ComponentProps } from 'react'
import type { CaptchaField as Field } from './CaptchaField'

const Loaded = lazy(() => import('./CaptchaField').then(({ CaptchaField }) => ({ default: CaptchaField })))

/**
 * The bot check (CaptchaField), its code fetched when a form is asked for the check: most shoppers never are, so no
 * page's first load carries it (issue 29, item 24). While it comes, the field says so.
 */
export function CaptchaField(props: ComponentProps<typeof Field>) {
  return (
    <Suspense
      fallback={
        <p className="captcha-loading" role="status">
          <Trans>Loading the check…</Trans>
        </p>
      }
    >
      <Loaded {...props} />
    </Suspense>
  )
}
