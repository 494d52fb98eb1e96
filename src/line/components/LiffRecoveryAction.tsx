import { Trans } from '@lingui/react/macro'
import { liffUrl } from '../liff'
import type { LiffRecovery } from '../liff-errors'
import type { LiffOs } from '../liff-types'
import { updateLineUrl } from './liff-links'

/**
 * §8: the way out of a LIFF failure: try again, log in with LINE again, open this page in the LINE app, or update
 * the LINE app. Nothing for a failure only the shop can fix.
 */
export function LiffRecoveryAction({
  recovery,
  liffId,
  os,
  onRetry,
  onLogin,
}: {
  recovery: LiffRecovery
  liffId: string | null
  os: LiffOs | null
  onRetry: () => void
  onLogin: () => void
}) {
  switch (recovery) {
    case 'retry':
      return (
        <button type="button" className="button" onClick={onRetry}>
          <Trans>Try again</Trans>
        </button>
      )
    case 'login':
      return (
        <button type="button" className="button" onClick={onLogin}>
          <Trans>Log in with LINE again</Trans>
        </button>
      )
    case 'openInLine':
      return liffId ? (
        <a className="button" href={liffUrl(liffId, window.location.pathname + window.location.search)}>
          <Trans>Open in LINE</Trans>
        </a>
      ) : null
    case 'updateApp':
      return (
        <a className="button" href={updateLineUrl(os)} target="_blank" rel="noopener noreferrer">
          <Trans>Update LINE</Trans>
        </a>
      )
    case 'none':
      return null
  }
}
