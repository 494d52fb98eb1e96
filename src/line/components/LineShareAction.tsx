import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { useState } from 'react'
import { Modal } from '~/components/Modal'
import { liffUrl } from '../liff'
import { liffErrorRecovery } from '../liff-errors'
import { useLiffView } from '../liff-store'
import type { LiffErrorCode } from '../liff-types'
import type { LineShareProduct } from './LineShareButton'
import { LiffRecoveryAction } from './LiffRecoveryAction'
import { usePending } from '~/forms/use-pending'

type Outcome = { kind: 'sent' } | { kind: 'failed'; code: LiffErrorCode } | null

/**
 * The share button itself (loaded with the LIFF layer): a flex card of the product, with a button to its page opened
 * in LINE, sent with the share target picker. A failure shows its §8 message and recovery; LINE's 403 on a client
 * that must be updated opens the update-the-app alert.
 */
export default function LineShareAction({ title, path, imageUrl }: LineShareProduct) {
  const { t } = useLingui()
  const siteUrl = useRouteContext({ from: '__root__', select: (context) => context.boot.config.siteUrl })
  const view = useLiffView()
  const [busy, whileBusy] = usePending()
  const [outcome, setOutcome] = useState<Outcome>(null)

  const share = async () => {
    setOutcome(null)
    const result = await whileBusy(async () => {
      const runtime = await import('../liff-runtime')
      return runtime.share({
        title,
        // Friends open it in LINE when the shop has a LIFF app; else the shop's own page.
        url: view.liffId ? liffUrl(view.liffId, path) : new URL(path, siteUrl).href,
        imageUrl: imageUrl ? new URL(imageUrl, siteUrl).href : null,
        shopOrigin: siteUrl,
        buttonLabel: t`View`,
      })
    })
    if (!result.ok) setOutcome({ kind: 'failed', code: result.error })
    else setOutcome(result.sent ? { kind: 'sent' } : null)
  }

  const failure = outcome?.kind === 'failed' ? liffErrorRecovery(outcome.code) : null
  const updateApp = outcome?.kind === 'failed' && outcome.code === 'updateApp'
  const recovery = failure ? (
    <LiffRecoveryAction
      recovery={failure.recovery}
      liffId={view.liffId}
      os={view.os}
      onRetry={() => void share()}
      onLogin={() => void import('../liff-runtime').then((runtime) => runtime.login(window.location.href))}
    />
  ) : null

  return (
    <div className="line-share">
      <button type="button" className="button" onClick={() => void share()} disabled={busy} aria-busy={busy}>
        <Trans>Share with friends on LINE</Trans>
      </button>
      <p className="line-share__status" role="status">
        {outcome?.kind === 'sent' ? <Trans>Shared on LINE.</Trans> : null}
      </p>
      {failure && !updateApp ? (
        <div className="line-notice" role="alert">
          <p>{t(failure.message)}</p>
          <div className="line-notice__actions">{recovery}</div>
        </div>
      ) : null}
      <Modal open={updateApp} onClose={() => setOutcome(null)} title={<Trans>Update LINE</Trans>}>
        <p>{failure ? t(failure.message) : null}</p>
        <p>
          <Trans>This version of LINE cannot share from the shop. Update the app, then try again.</Trans>
        </p>
        <div className="form-actions">{recovery}</div>
      </Modal>
    </div>
  )
}
