import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { renewRecoveryCodes } from '../api'
import { useScreenStepUp } from '../manage/common'
import { RecoveryCodeList } from '../ui/RecoveryCodes'
import { isStepUpCancelled } from '../ui/StepUp'
import { ErrorNotice } from './ErrorScreen'

/**
 * New recovery codes for the signed-in staff member (issue 31 item 1): when the old ones are used up, lost or seen by
 * someone else. After a confirmation and the second factor (step-up), ten new codes are shown this once; the old ones
 * stop working in the same moment.
 */
export function RenewRecoveryCodes() {
  const { t } = useLingui()
  const id = useId()
  const { me } = useRouteContext({ from: '__root__' })
  const stepUp = useScreenStepUp()
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [codes, setCodes] = useState<string[] | null>(null)
  const [failure, setFailure] = useState<unknown>(null)
  const email = me?.email ?? ''

  const renew = async () => {
    setBusy(true)
    setFailure(null)
    try {
      const renewed = await stepUp.run(renewRecoveryCodes)
      setCodes(renewed.recovery_codes)
      setConfirming(false)
    } catch (error) {
      if (!isStepUpCancelled(error)) setFailure(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <Trans>Recovery codes</Trans>
      </h2>
      {codes ? (
        <>
          <p role="status" className="admin-notice">
            <Trans>
              Your new recovery codes, shown only now: keep them somewhere safe. The old ones no longer work.
            </Trans>
          </p>
          <RecoveryCodeList codes={codes} heading={t`Recovery codes for the ${email} back office account`} />
        </>
      ) : (
        <>
          <p className="admin-empty">
            <Trans>
              Used up your recovery codes, lost them, or think someone has seen them? Make ten new ones: the old ones
              stop working at once.
            </Trans>
          </p>
          {confirming ? (
            <div className="admin-panel" role="group" aria-labelledby={`${id}-confirm`}>
              <p id={`${id}-confirm`}>
                <Trans>Make ten new recovery codes? Your current codes stop working.</Trans>
              </p>
              <div className="admin-actions">
                <button type="button" className="admin-button" autoFocus disabled={busy} onClick={() => void renew()}>
                  <Trans>Make new codes</Trans>
                </button>
                <button type="button" className="admin-button admin-button--quiet" onClick={() => setConfirming(false)}>
                  <Trans>Keep my codes</Trans>
                </button>
              </div>
            </div>
          ) : (
            <button type="button" className="admin-button admin-button--secondary" onClick={() => setConfirming(true)}>
              <Trans>New recovery codes</Trans>
            </button>
          )}
        </>
      )}
      {failure ? <ErrorNotice error={failure} /> : null}
      {stepUp.dialog}
    </section>
  )
}
