import type { Lang } from '~/contract/catalog'
import { orderSchema } from '~/contract/commerce'
import type { InLanguages } from '~/domain/thai-banks'
import { promptPayPayload } from '~/domain/promptpay'
import { toWire } from '~/api/http.server'
import type { OrderView } from './order-view'

/** The shop's account for bank transfers; the bank's and the holder's names per language (issue 29). */
export type BankAccount = {
  bankName: InLanguages
  accountName: InLanguages
  accountNumber: string
  promptPayId: string
}

/** The language an order was placed in: its views default to it. */
export const orderLang = (order: { locale: string }): Lang => (order.locale === 'en' ? 'en' : 'th')

/**
 * Where a bank transfer order is paid, the bank's and account holder's names in `lang`: the shop's account, and a
 * PromptPay QR payload for the total of a THB order (none for USD). Null for other payment methods.
 */
function bankTransferOf(view: OrderView, lang: Lang, account: BankAccount) {
  if (view.paymentMethod !== 'bank_transfer') return null
  return {
    bankName: account.bankName[lang],
    accountName: account.accountName[lang],
    accountNumber: account.accountNumber,
    promptpayPayload:
      view.currency === 'thb' ? promptPayPayload({ target: account.promptPayId, amount: view.total }) : '',
  }
}

/** An order with how to pay it by bank transfer, as the wire's Order has it (camelCase, before `toWire`). */
export function orderWithBank(view: OrderView, lang: Lang, account: BankAccount) {
  return { ...view, bankTransfer: bankTransferOf(view, lang, account) }
}

/** An order on the wire, its bank's and account holder's names in `lang` (the language of its view). */
export function orderWire(view: OrderView, lang: Lang, account: BankAccount) {
  return toWire(orderSchema, orderWithBank(view, lang, account))
}
