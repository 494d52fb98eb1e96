import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { formatMoney, type Currency } from '~/domain/money'
import { useLocale } from '~/i18n/use-locale'
import { MIX_MATCH_BUNDLE_PRICES } from '~/domain/mix-match-prices'

/** §9 on the product page of a mix-and-match piece: the bundle prices, and where the other pieces are. */
export function MixMatchNote({ currency }: { currency: Currency }) {
  const locale = useLocale()
  const three = formatMoney(MIX_MATCH_BUNDLE_PRICES[3][currency], currency, locale)
  const five = formatMoney(MIX_MATCH_BUNDLE_PRICES[5][currency], currency, locale)
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
