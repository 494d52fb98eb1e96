import { Trans, useLingui } from '@lingui/react/macro'
import { formatMoney, type Currency } from '~/domain/money'
import { useLocale } from '~/i18n/use-locale'
import { DOMESTIC_SMALL_ITEM_FEE } from '~/domain/domestic-fee'

/** §9 what being a club item means for the shopper, in their currency (issue 29 item 8). */
function useClubExplanation(currency: Currency): string {
  const { t } = useLingui()
  const locale = useLocale()
  const fee = formatMoney(DOMESTIC_SMALL_ITEM_FEE[currency], currency, locale)
  return t`Club items pay a ${fee} delivery fee within Thailand.`
}

/** The "Club" badge of a product card: its explanation as the badge's title and for screen readers. */
export function ClubBadge({ currency }: { currency: Currency }) {
  const explanation = useClubExplanation(currency)
  return (
    <span className="badge badge--club" title={explanation} data-testid="club-badge">
      <Trans>Club</Trans>
      <span className="visually-hidden">: {explanation}</span>
    </span>
  )
}

/** The "Club" label with its explanation in words, on the product page and a cart line. */
export function ClubNote({ currency }: { currency: Currency }) {
  const explanation = useClubExplanation(currency)
  return (
    <p className="club-note" data-testid="club-note">
      <strong className="club-note__label">
        <Trans>Club</Trans>
      </strong>{' '}
      {explanation}
    </p>
  )
}
