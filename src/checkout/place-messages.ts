import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { AccountFailure } from '~/account/account-result'
import { ACCOUNT_MESSAGES } from '~/account/messages'
import { CART_MESSAGES } from '~/cart/messages'
import { MAX_AMOUNT } from '~/domain/money'
import { UNPAID_ORDERS_PER_CONNECTION, UNPAID_ORDERS_PER_CONTACT, UNPAID_UNITS_PER_SIZE } from '~/domain/unpaid-holds'

/**
 * The refusals of issue 29 in words: the bot check asked for, the limits on unpaid orders (numbers from the
 * domain), and a total above the largest order.
 */
function limitMessage(i18n: I18n, result: AccountFailure, money: (amount: number) => string): string | null {
  switch (result.reason) {
    case 'CAPTCHA_REQUIRED':
      return i18n._(
        msg`You already have an unpaid order. Please wait for the robot check below to finish, then place the order again.`,
      )
    case 'CAPTCHA_INCORRECT':
      return i18n._(
        msg`The robot check was not passed. Please wait for the new check below to finish, then place the order again.`,
      )
    case 'CAPTCHA_UNAVAILABLE':
      return i18n._(msg`The robot check could not be reached. Please try again in a moment.`)
    case 'CART_TOO_LARGE': {
      const largest = money(MAX_AMOUNT)
      return i18n._(msg`The total is above the largest order we can take (${largest}). Please remove some pieces.`)
    }
    case 'UNPAID_LIMIT': {
      const unpaid = result.fields?.unpaid
      if (unpaid === 'units') {
        const units = UNPAID_UNITS_PER_SIZE
        return i18n._(
          msg`Your unpaid orders already hold this size: at most ${units} pieces of one size can wait for payment. Please pay for or cancel those orders first.`,
        )
      }
      const orders = unpaid === 'contact' ? UNPAID_ORDERS_PER_CONTACT : UNPAID_ORDERS_PER_CONNECTION
      return unpaid === 'contact'
        ? i18n._(
            msg`This e-mail or telephone already has ${orders} unpaid orders. Please pay for or cancel one of them before placing another.`,
          )
        : i18n._(
            msg`You already have ${orders} unpaid orders. Please pay for or cancel one of them before placing another.`,
          )
    }
    default:
      return null
  }
}

/** Why an order was refused, in words (a change of prices is said by its own dialog instead). */
export function placeRefusalMessage(i18n: I18n, result: AccountFailure, money: (amount: number) => string): string {
  const limit = limitMessage(i18n, result, money)
  if (limit !== null) return limit
  switch (result.reason) {
    case 'OUT_OF_STOCK':
      return i18n._(CART_MESSAGES.outOfStock)
    case 'REGION_MISMATCH':
      return i18n._(CART_MESSAGES.invalidRegion)
    case 'CART_BLOCKED':
      return i18n._(msg`Some pieces cannot be sent to this address (shoes ship within Thailand only).`)
    case 'PAYMENT_UNAVAILABLE':
      return i18n._(msg`PayPal is not available at the moment. Please choose another payment method.`)
    case 'INVALID_INPUT':
      return i18n._(ACCOUNT_MESSAGES.completeInformation)
    default:
      return i18n._(ACCOUNT_MESSAGES.somethingWrong)
  }
}
