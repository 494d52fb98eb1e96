import { Trans, useLingui } from '@lingui/react/macro'
import { useAdminTitle } from '../ui/title'

/** The back office's home: for now a placeholder saying where the work queues will be. */
export function HomeScreen() {
  const { t } = useLingui()
  useAdminTitle(t`Home`)
  return (
    <section aria-labelledby="admin-home-title">
      <h1 id="admin-home-title">
        <Trans>Today</Trans>
      </h1>
      <p className="admin-empty">
        <Trans>
          The work queues will appear here: orders to pack, payment slips to check, returns to receive and messages to
          answer.
        </Trans>
      </p>
    </section>
  )
}
