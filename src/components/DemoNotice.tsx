import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouteContext } from '@tanstack/react-router'

/**
 * The demo shop says so on every page (docs/decisions/079): a thin band above the header, in the page's
 * language, that payments are simulated and, while the outbox exists, where the one-time codes are. Not shown
 * in live mode. A labelled region, so that it is announced and sits in a landmark like the rest of the page.
 */
export function DemoNotice() {
  const { t } = useLingui()
  const config = useRouteContext({ from: '__root__', select: (context) => context.boot.config })
  if (config.mode !== 'demo') return null
  return (
    <section className="demo-notice" aria-label={t`Demo shop`}>
      <p>
        {config.outbox ? (
          <Trans>
            This is a demo shop: payments are simulated and one-time codes are shown in the{' '}
            <Link to="/dev/outbox">outbox</Link>, not sent.
          </Trans>
        ) : (
          <Trans>This is a demo shop: payments are simulated and nothing is charged.</Trans>
        )}
      </p>
    </section>
  )
}
