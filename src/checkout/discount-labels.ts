import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { DiscountKind } from '~/domain/orders'

/**
 * A discount's name as checkout, the order page and the e-mails show it (issue 29 item 7): mix-and-match, the code
 * (NEW200), a member's tier or birth-month code. `kind` null: an order of before with one discount.
 */
export function discountLabel(i18n: I18n, discount: { kind: DiscountKind | null; code: string | null }): string {
  const code = discount.code ?? ''
  switch (discount.kind) {
    case 'mix_match':
      return i18n._(msg`Mix and match`)
    case 'code':
      return i18n._(msg`Discounted code ${code}`)
    case 'tier':
      return i18n._(msg`Member discount ${code}`)
    case 'birth_month':
      return i18n._(msg`Birth-month discount ${code}`)
    default:
      return code ? i18n._(msg`Discount (${code})`) : i18n._(msg`Discount`)
  }
}

/** The discounts of an order to show, each on its own line; an order without lines shows its one sum. */
export function shownDiscounts(order: {
  discount: number
  promotionCode: string | null
  discounts: Array<{ kind: DiscountKind; code: string | null; amount: number }>
}): Array<{ kind: DiscountKind | null; code: string | null; amount: number }> {
  if (order.discounts.length > 0) return order.discounts
  return order.discount > 0 ? [{ kind: null, code: order.promotionCode, amount: order.discount }] : []
}
