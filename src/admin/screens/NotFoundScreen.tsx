import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useAdminTitle } from '../ui/title'

/** A back-office address the app does not know (/admin/xyz), inside the back office's frame. */
export function NotFoundScreen() {
  const { t } = useLingui()
  useAdminTitle(t`Page not found`)
  return (
    <section>
      <h1>
        <Trans>Page not found</Trans>
      </h1>
      <p>
        <Trans>The back office has no page at this address.</Trans>
      </p>
      <p>
        <Link to="/">
          <Trans>Back office home</Trans>
        </Link>
      </p>
    </section>
  )
}
