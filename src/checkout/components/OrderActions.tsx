import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { cancelOrder, orderQuery, requestReturn } from '~/checkout/checkout.functions'
import type { Order } from '~/checkout/types'
import { Modal } from '~/components/Modal'
import { canCancel, returnEligibility } from '~/domain/returns'

/** What the shopper may still do with an order: cancel it before packing, or ask for an exchange or return. */
export function OrderActions({ order, now }: { order: Order; now: Date }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const noteId = useId()
  const [confirming, setConfirming] = useState(false)
  const [kind, setKind] = useState<'exchange' | 'return'>('exchange')
  const [note, setNote] = useState('')
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
  const eligibility = returnEligibility(order, now)

  async function run(work: Promise<{ ok: true; order: Order } | { ok: false }>, done: string) {
    setBusy(true)
    try {
      const result = await work
      if (!result.ok) {
        setMessage(t`This is no longer possible for this order.`)
        return
      }
      queryClient.setQueryData(orderQuery(order.number).queryKey, result.order)
      setMessage(done)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="order-actions">
      {message ? (
        <p className="form-success" role="status">
          {message}
        </p>
      ) : null}
      {order.returnRequest ? (
        <p>
          {order.returnRequest.kind === 'exchange' ? (
            <Trans>You asked for an exchange. We will contact you about the next steps.</Trans>
          ) : (
            <Trans>You asked for a return. We will contact you about the next steps.</Trans>
          )}
        </p>
      ) : eligibility.eligible ? (
        <form
          className="account-form"
          onSubmit={(event) => {
            event.preventDefault()
            void run(
              requestReturn({ data: { number: order.number, kind, note: note.trim() || null } }),
              t`Your request was sent.`,
            )
          }}
        >
          <fieldset className="choice-list">
            <legend>{t`Ask for`}</legend>
            <label className="choice">
              <input
                type="radio"
                name="return-kind"
                checked={kind === 'exchange'}
                onChange={() => setKind('exchange')}
              />
              <span>
                <Trans>An exchange</Trans>
              </span>
            </label>
            <label className="choice">
              <input type="radio" name="return-kind" checked={kind === 'return'} onChange={() => setKind('return')} />
              <span>
                <Trans>A return and refund</Trans>
              </span>
            </label>
          </fieldset>
          <div className="field">
            <label htmlFor={noteId}>
              <Trans>What would you like to change? (optional)</Trans>
            </label>
            <input id={noteId} value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
          </div>
          <button type="submit" className="button" disabled={busy}>
            <Trans>Send the request</Trans>
          </button>
        </form>
      ) : null}
      {canCancel(order.status) ? (
        <>
          <button type="button" className="link-button" disabled={busy} onClick={() => setConfirming(true)}>
            <Trans>Cancel this order</Trans>
          </button>
          <Modal open={confirming} onClose={() => setConfirming(false)} title={<Trans>Cancel this order?</Trans>}>
            <p>
              <Trans>
                The pieces go back on sale. A paid order is refunded through the way you paid within 15 days.
              </Trans>
            </p>
            <div className="form-actions">
              <button
                type="button"
                className="button button--solid"
                onClick={() => {
                  setConfirming(false)
                  void run(cancelOrder({ data: { number: order.number } }), t`The order was cancelled.`)
                }}
              >
                <Trans>Cancel the order</Trans>
              </button>
              <button type="button" className="button" onClick={() => setConfirming(false)}>
                <Trans>Keep it</Trans>
              </button>
            </div>
          </Modal>
        </>
      ) : null}
    </div>
  )
}
