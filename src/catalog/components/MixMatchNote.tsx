import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { formatMoney, type Currency } from '~/domain/money'
import type { MixMatchBundle } from '~/domain/mix-match-prices'
import { useLocale } from '~/i18n/use-locale'

/**
 * §9 on the product page of a mix-and-match piece: the bundle prices as the back office set them (the product's
 * answer carries them), and where the other pieces are.
 */
export function MixMatchNote({ currency, bundles }: { currency: Currency; bundles: readonly MixMatchBundle[] }) {
  const locale = useLocale()
  const priceOf = (size: MixMatchBundle['size']) => bundles.find((bundle) => bundle.size === size)?.price
  const threePrice = priceOf(3)
  const fivePrice = priceOf(5)
  if (threePrice === undefined || fivePrice === undefined) return null
  const three = formatMoney(threePrice, currency, locale)
  const five = formatMoney(fivePrice, currency, locale)
  return (
    <p className="product__mix-match">
      <strong>
        <Trans>Mix and match</Trans>
      </strong>{' '}
      <Trans>
        Any 3 different pieces for {three}, or 5 for {five}, worked out in your cart.
      </Trans>{' '}
      <Link to="/product" search={{ tag: 'mix_match' }}>
        <Trans>See all pieces</Trans>
      </Link>
    </p>
  )
}
