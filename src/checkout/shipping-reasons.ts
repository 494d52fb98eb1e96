import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { formatMoney, type Currency } from '~/domain/money'
import type { LocaleCode } from '~/i18n/locales'
import {
  DOMESTIC_SMALL_ITEM_FEE,
  INTERNATIONAL_FREE_SHIPPING_FROM,
  SMALL_SALE_ITEM_PRICE_BELOW,
  type ShippingFeeReason,
} from '~/domain/shipping'

/**
 * Why a shipping fee is charged, in a few words, wherever a fee appears (issue 29 item 8; §9). The amounts come from
 * the domain's constants in the shopper's currency.
 */
export function shippingReasonText(
  i18n: I18n,
  reason: ShippingFeeReason,
  currency: Currency,
  locale: LocaleCode,
): string {
  const fee = formatMoney(DOMESTIC_SMALL_ITEM_FEE[currency], currency, locale)
  switch (reason) {
    case 'club':
      return i18n._(msg`A club item is in the order: club items pay a ${fee} delivery fee within Thailand.`)
    case 'smallSaleItem': {
      const under = formatMoney(SMALL_SALE_ITEM_PRICE_BELOW[currency], currency, locale)
      return i18n._(msg`A sale item under ${under} is in the order: it pays a ${fee} delivery fee within Thailand.`)
    }
    case 'international': {
      const from = formatMoney(INTERNATIONAL_FREE_SHIPPING_FROM[currency], currency, locale)
      return i18n._(msg`International delivery: free from ${from}.`)
    }
  }
}
