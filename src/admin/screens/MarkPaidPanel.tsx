import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { markOrderPaid, type AdminOrder } from '../api'
import { useScreenStepUp } from '../manage/common'
import { adminKeys } from '../queries'
import { isStepUpCancelled } from '../ui/StepUp'
import { ErrorNotice } from './ErrorScreen'

/**
 * "Mark paid" on an unpaid bank transfer order (issue 31 item 6): for a transfer seen on the bank's side without a
 * slip, with the bank's reference (used once). A money action: the second factor is asked again when due.
 */
export function MarkPaidPanel({ order, onDone }: { order: AdminOrder; onDone: () => void }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const stepUp = useScreenStepUp()
  const [reference, setReference] = useState('')
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<unknown>(null)
  const id = useId()
  if (order.payment_method !== 'bank_transfer' || order.status !== 'awaiting_payment') return null
  return (
    <form
      className="admin-form admin-form--inline"
      aria-label={t`Mark paid`}
      onSubmit={(event) => {
        event.preventDefault()
        setBusy(true)
        setFailure(null)
        stepUp
          .run(() => markOrderPaid(order.number, reference.trim()))
          .then((paid) => {
            queryClient.setQueryData(adminKeys.order(order.number), paid)
            void queryClient.invalidateQueries({ queryKey: adminKeys.orders })
            onDone()
          })
          .catch((error: unknown) => {
            if (!isStepUpCancelled(error)) setFailure(error)
          })
          .finally(() => setBusy(false))
      }}
    >
      <div className="admin-field">
        <label htmlFor={`${id}-reference`}>
          <Trans>Bank reference of the transfer</Trans>
        </label>
        <input
          id={`${id}-reference`}
          value={reference}
          maxLength={80}
          required
          autoComplete="off"
          onChange={(event) => setReference(event.target.value)}
        />
      </div>
      <button type="submit" className="admin-button" disabled={busy || !reference.trim()}>
        <Trans>Mark paid</Trans>
      </button>
      {failure ? <ErrorNotice error={failure} /> : null}
      {stepUp.dialog}
    </form>
  )
}
