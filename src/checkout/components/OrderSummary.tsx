import { Trans, useLingui } from '@lingui/react/macro'
import { Fragment, type ReactNode } from 'react'
import type { CartLine } from '~/cart/types'
import type { QuoteInput } from '~/checkout/checkout.queries'
import { CheckoutProblems, type CheckoutProblem } from '~/checkout/components/CheckoutProblems'
import { DiscountCode } from '~/checkout/components/DiscountCode'
import { discountLabel } from '~/checkout/discount-labels'
import { shippingReasonText } from '~/checkout/shipping-reasons'
import type { Quote } from '~/checkout/types'
import type { CheckoutForm } from '~/checkout/use-checkout-form'

/**
 * The last look at the order: its pieces (and what stops them), the discount code, and the server's figures (each
 * discount on its own line, the shipping fee and why, the net, and VAT or the duties). `children` ends it: the
 * order's own controls.
 */
export function OrderSummary({
  form,
  items,
  quoteInput,
  quoted,
  problems,
  onFix,
  money,
  children,
}: {
  form: CheckoutForm
  items: readonly CartLine[]
  quoteInput: Omit<QuoteInput, 'promotionCode'>
  quoted: Quote | null
  /** The pieces out of stock or not sold in this region. */
  problems: readonly CheckoutProblem[]
  onFix: (lineId: string, quantity: number) => Promise<void>
  money: (amount: number) => string
  children: ReactNode
}) {
  const { t, i18n } = useLingui()
  return (
    <aside className="cart-summary" aria-labelledby="order-summary">
      <h2 id="order-summary">
        <Trans>Your order</Trans>
      </h2>
      <ul className="account-links">
        {items.map((line) => (
          <li key={line.id}>
            {line.name} · {line.size} × {line.quantity}
          </li>
        ))}
      </ul>
      {problems.length > 0 ? (
        <CheckoutProblems problems={problems} lead={t`Before you can order:`} onFix={onFix} />
      ) : null}
      <DiscountCode form={form} quoteInput={quoteInput} rejected={quoted?.promotionRejected ?? null} />
      {quoted ? (
        <dl aria-live="polite">
          <dt>
            <Trans>Subtotal</Trans>
          </dt>
          <dd>{money(quoted.subtotal)}</dd>
          {/* Each discount on its own line, named as the order will keep it (issue 29 item 7). */}
          {quoted.discounts.map((discount) => (
            <Fragment key={discount.kind}>
              <dt>{discountLabel(i18n, discount)}</dt>
              <dd data-testid={discount.kind === 'mix_match' ? 'mix-match-discount' : 'discount'}>
                −{money(discount.amount)}
              </dd>
            </Fragment>
          ))}
          <dt>
            <Trans>Shipping fee</Trans>
          </dt>
          <dd data-testid="shipping-fee">
            {quoteInput.country === null
              ? t`Worked out from the address`
              : quoted.shippingFee === 0
                ? t`Free`
                : money(quoted.shippingFee)}
          </dd>
          {quoted.shippingReason && quoted.shippingFee > 0 ? (
            <dd className="account-muted" data-testid="shipping-reason">
              {shippingReasonText(i18n, quoted.shippingReason, quoteInput.currency, quoteInput.lang)}
            </dd>
          ) : null}
          <dt className="summary-total">
            <Trans>Net</Trans>
          </dt>
          <dd className="summary-total" data-testid="net">
            {money(quoted.total)}
          </dd>
          {quoted.duty === 'unpaid' ? (
            <>
              <dt>
                <Trans>Duties and import taxes</Trans>
              </dt>
              <dd data-testid="duties">{t`Paid by the buyer on delivery`}</dd>
            </>
          ) : (
            <>
              <dt>
                <Trans>Including VAT</Trans>
              </dt>
              <dd data-testid="vat">{money(quoted.vatIncluded)}</dd>
            </>
          )}
        </dl>
      ) : (
        <p className="account-muted">
          <Trans>Working out the total…</Trans>
        </p>
      )}
      {children}
    </aside>
  )
}
