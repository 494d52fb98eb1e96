import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { MONTHLY_CODE_CAP_THB } from '~/domain/membership'
import { formatWholeUnits } from '~/domain/whole-units'
import { PROMOTION_MINIMUM_THB } from '~/domain/promotions'

/** Why a discount code does not apply, in words (the pricing engine's and the member codes' reasons). */
export function promotionCodeMessage(i18n: I18n, reason: string | undefined): string {
  switch (reason) {
    case 'minimum': {
      const minimum = formatWholeUnits(PROMOTION_MINIMUM_THB)
      return i18n._(msg`This code needs a purchase of ${minimum} THB or more (sale items do not count).`)
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
