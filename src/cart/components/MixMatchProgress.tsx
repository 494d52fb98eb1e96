import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { mixMatchProgress } from '~/cart/mix-match'
import type { CartLine } from '~/cart/types'
import type { Currency } from '~/domain/money'
import { formatMoney } from '~/domain/money'
import type { MixMatchBundle } from '~/domain/mix-match-prices'
import { useLocale } from '~/i18n/use-locale'

/**
 * §9 mix-and-match in the cart: how many different pieces are in, how many more the next bundle needs, and what
 * the bundles take off (the cart's answer: the prices the back office set, worked out by checkout's rule). Nothing when the cart holds no mix-and-match piece.
 */
export function MixMatchProgress({
  currency,
  lines,
  bundles,
  saving: discount,
}: {
  currency: Currency
  lines: readonly CartLine[]
  bundles: readonly MixMatchBundle[]
  saving: number
}) {
  const locale = useLocale()
  const progress = mixMatchProgress(lines, { bundles, saving: discount })
  if (!progress) return null
  const { pieces, filled, next, saving } = progress
  const money = (amount: number) => formatMoney(amount, currency, locale)
  const missing = next?.missing ?? 0
  const size = next?.size ?? 5
  const price = money(next?.price ?? 0)
  const saved = money(saving)
  return (
    <section className="mix-match" aria-labelledby="mix-match-title" data-testid="mix-match">
      <h3 id="mix-match-title" className="mix-match__title">
        <Trans>Mix and match</Trans>
      </h3>
      <progress className="mix-match__bar" max={5} value={Math.min(pieces, 5)} aria-labelledby="mix-match-title" />
      <p aria-live="polite">
        {filled && saving > 0 ? (
          <Trans>
            {filled} different pieces: you save {saved}.
          </Trans>
        ) : filled ? (
          <Trans>These pieces already cost less than the bundle price.</Trans>
        ) : null}{' '}
        {next ? (
          missing === 1 ? (
            <Trans>
              Add 1 more different piece to get {size} for {price}.
            </Trans>
          ) : (
            <Trans>
              Add {missing} more different pieces to get {size} for {price}.
            </Trans>
          )
        ) : null}
      </p>
      {next ? (
        <Link to="/product" search={{ tag: 'mix_match' }} className="link-button">
          <Trans>See the mix-and-match pieces</Trans>
        </Link>
      ) : null}
    </section>
  )
}
