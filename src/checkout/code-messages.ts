import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { MONTHLY_CODE_CAP_THB } from '~/domain/membership'
import type { Currency } from '~/domain/money'
import { formatWholeUnits } from '~/domain/whole-units'
import { PROMOTION_MINIMUM_THB } from '~/domain/promotions'

/**
 * Why a discount code does not apply, in words (the pricing engine's and the member codes' reasons). `own`: the
 * code's own minimum as the quote gave it (a code made in the back office has its own); §9's 1,000 THB otherwise.
 */
export function promotionCodeMessage(
  i18n: I18n,
  reason: string | undefined,
  own?: { amount: number; currency: Currency },
): string {
  switch (reason) {
    case 'minimum': {
      const minimum = formatWholeUnits(own?.amount ?? PROMOTION_MINIMUM_THB, own?.currency)
      return own?.currency === 'usd'
        ? i18n._(msg`This code needs a purchase of ${minimum} USD or more (sale items do not count).`)
        : i18n._(msg`This code needs a purchase of ${minimum} THB or more (sale items do not count).`)
    }
    case 'noEligibleItems':
      return i18n._(msg`This code does not apply to sale or club items.`)
    case 'currency':
      return i18n._(msg`This code can only be used for purchases in THB.`)
    case 'used':
      return i18n._(msg`This code has already been used.`)
    case 'expired':
      return i18n._(msg`This code has expired.`)
    case 'membersOnly':
      return i18n._(msg`Sign in to use this code: it is for members.`)
    case 'monthlyCap': {
      const cap = formatWholeUnits(MONTHLY_CODE_CAP_THB)
      return i18n._(msg`This month’s member discount of ${cap} THB is used up.`)
    }
    default:
      return i18n._(msg`This code is not valid.`)
  }
}
