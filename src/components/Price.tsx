import { useLingui } from '@lingui/react/macro'
import type { Money } from '~/catalog/types'
import { formatMoney } from '~/domain/money'
import { useLocale } from '~/i18n/use-locale'

/** A price; on sale, the old price struck through beside the new one (§2, §5). */
export function Price({ price, compareAt }: { price: Money; compareAt?: Money | null }) {
  const { t } = useLingui()
  const locale = useLocale()
  const now = formatMoney(price.amount, price.currency, locale)
  if (!compareAt || compareAt.amount <= price.amount) return <span className="price">{now}</span>
  const before = formatMoney(compareAt.amount, compareAt.currency, locale)
  return (
    <span className="price price--sale">
      <del>
        <span className="visually-hidden">{t`Old price`} </span>
        {before}
      </del>{' '}
      <ins>
        <span className="visually-hidden">{t`New price`} </span>
        {now}
      </ins>
    </span>
  )
}
