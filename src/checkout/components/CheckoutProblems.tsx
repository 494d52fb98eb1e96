import { Trans, useLingui } from '@lingui/react/macro'
import type { Quote } from '~/checkout/types'
import { usePending } from '~/forms/use-pending'

/** A reason the order cannot be placed as it is, with the cart line it names (to act on it here). */
export type CheckoutProblem = Quote['blocked'][number] & { lineId: string | null }

/**
 * What stops the order, said where the shopper can act (issue 17): each piece named, with the way out (remove it,
 * or keep what is left). Announced politely: it changes as the shopper changes the address or the cart.
 */
export function CheckoutProblems({
  problems,
  lead,
  onFix,
}: {
  problems: readonly CheckoutProblem[]
  lead: string
  onFix: (lineId: string, quantity: number) => Promise<void>
}) {
  const { t } = useLingui()
  const [busy, whileBusy] = usePending()

  async function fix(lineId: string, quantity: number) {
    await whileBusy(async () => {
      await onFix(lineId, quantity)
    })
  }

  return (
    <div className="form-alert checkout-problems" role="status" aria-live="polite" data-testid="checkout-problems">
      <p>{lead}</p>
      <ul>
        {problems.map((problem) => {
          if (problem.reason === 'pickupInternational') {
            return <li key="pickup">{t`Store pick-up is possible within Thailand only.`}</li>
          }
          const { name, size, lineId } = problem
          const piece = `${name} · ${size}`
          const available = problem.reason === 'outOfStock' ? problem.available : 0
          return (
            <li key={`${problem.reason}-${problem.sku}`}>
              <span>
                {problem.reason === 'outOfStock' ? (
                  available > 0 ? (
                    <Trans>
                      {piece}: only {available} left.
                    </Trans>
                  ) : (
                    <Trans>{piece} is sold out.</Trans>
                  )
                ) : problem.reason === 'shoesInternational' ? (
                  <Trans>{piece}: shoes are sent within Thailand only.</Trans>
                ) : (
                  <Trans>{piece} was added in another region and cannot be paid in this currency.</Trans>
                )}
              </span>{' '}
              {lineId ? (
                <span className="checkout-problems__actions">
                  {available > 0 ? (
                    <button
                      type="button"
                      className="link-button"
                      disabled={busy}
                      onClick={() => void fix(lineId, Math.min(available, 10))}
                    >
                      <Trans>Keep {available}</Trans>
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="link-button"
                    disabled={busy}
                    aria-label={t`Remove ${piece} from the cart`}
                    onClick={() => void fix(lineId, 0)}
                  >
                    <Trans>Remove</Trans>
                  </button>
                </span>
              ) : null}
            </li>
          )
        })}
      </ul>
    </div>
  )
}
