import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/** Why a discount code does not apply, in words (the pricing engine's and the member codes' reasons). */
export function promotionCodeMessage(i18n: I18n, reason: string | undefined): string {
  switch (reason) {
    case 'minimum':
      return i18n._(msg`This code needs a purchase of 1,000 THB or more (sale items do not count).`)
    case 'noEligibleItems':
      return i18n._(msg`This code does not apply to sale or club items.`)
    case 'currency':
      return i18n._(msg`This code can only be used for purchases in THB.`)
    case 'used':
      return i18n._(msg`This code has already been used.`)
    case 'expired':
      return i18n._(msg`This code has expired.`)
    case 'monthlyCap':
      return i18n._(msg`This month’s member discount of 2,000 THB is used up.`)
    default:
      return i18n._(msg`This code is not valid.`)
  }
}
