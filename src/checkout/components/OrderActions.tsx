import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { cancelOrder, orderQuery } from '~/checkout/checkout.functions'
import type { Order } from '~/checkout/types'
import { Modal } from '~/components/Modal'
import { canCancel } from '~/domain/returns'
import { useLocale } from '~/i18n/use-locale'
import { usePending } from '~/forms/use-pending'

/** What the shopper may still do with an order before it is packed: cancel it (§4). */
export function OrderActions({ order }: { order: Order }) {
  const locale = useLocale()
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  const [busy, whileBusy] = usePending()
  const [message, setMessage] = useState<string | null>(null)

  async function run(work: Promise<{ ok: true; order: Order } | { ok: false }>, done: string) {
    await whileBusy(async () => {
      const result = await work
      if (!result.ok) {
        setMessage(t`This is no longer possible for this order.`)
        return
      }
      queryClient.setQueryData(orderQuery(order.number, locale).queryKey, result.order)
      setMessage(done)
    })
  }

  return (
    <div className="order-actions">
      {message ? (
        <p className="form-success" role="status">
          {message}
        </p>
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
                  void run(cancelOrder({ data: { number: order.number, lang: locale } }), t`The order was cancelled.`)
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
