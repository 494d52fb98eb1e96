import type { z } from '@hono/zod-openapi'
import type { Lang } from '~/contract/catalog'
import type { orderSchema } from '~/contract/commerce'
import type { InLanguages } from '~/domain/thai-banks'
import { promptPayPayload } from '~/domain/promptpay'
import { wire } from '~/api/http.server'
import type { OrderView } from './orders.service'

/** The shop's account for bank transfers; the bank's and the holder's names per language (issue 29). */
export type BankAccount = {
  bankName: InLanguages
  accountName: InLanguages
  accountNumber: string
  promptPayId: string
}

/** The language an order was placed in: its views default to it. */
export const orderLang = (order: { locale: string }): Lang => (order.locale === 'en' ? 'en' : 'th')

/** An order on the wire, its bank's and account holder's names in `lang` (the language of its view). */
export function orderWire(view: OrderView, lang: Lang, account: BankAccount) {
  const bank =
    view.paymentMethod === 'bank_transfer' && view.currency === 'thb'
      ? {
          bank_name: account.bankName[lang],
          account_name: account.accountName[lang],
          account_number: account.accountNumber,
          promptpay_payload: promptPayPayload({ target: account.promptPayId, amount: view.total }),
        }
      : view.paymentMethod === 'bank_transfer'
        ? {
            bank_name: account.bankName[lang],
            account_name: account.accountName[lang],
            account_number: account.accountNumber,
            promptpay_payload: '',
          }
        : null
  return { ...wire<z.infer<typeof orderSchema>>(view), bank_transfer: bank }
}
