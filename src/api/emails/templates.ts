import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { CurrencyCode, OrderAddress, OrderMailData, OrderMailKind } from '~/db/schema'
import type { DiscountLine, OrderCancelReason, OrderStatus, PaymentMethod, ShippingMethod } from '~/domain/orders'
import { countryName } from '~/domain/countries'
import { formatMoney } from '~/domain/money'
import { formatDate, formatDateTime } from '~/i18n/dates'
import type { InLanguages } from '~/domain/thai-banks'
import { renderHtml, renderText, type MailBlock, type MailDocument, type MailRow } from './layout'
import {
  DOMESTIC_SMALL_ITEM_FEE,
  INTERNATIONAL_FREE_SHIPPING_FROM,
  SMALL_SALE_ITEM_PRICE_BELOW,
  type ShippingFeeReason,
} from '~/domain/shipping'

/**
 * The order e-mails' words (issue 17, item 7). Every string is a Lingui message whose English is its id; they are
 * extracted into the server-only catalog locales/{locale}/emails.po (lingui.config.ts), never the browser's.
 */

export type MailLocale = 'th' | 'en'

/** One e-mail to render: its kind and what that kind needs beyond the order. */
export type OrderMail = { [K in OrderMailKind]: { kind: K; data: OrderMailData[K] } }[OrderMailKind]

/** The order as the e-mails show it, read when the e-mail is sent. */
export type MailOrder = {
  number: string
  email: string
  status: OrderStatus
  createdAt: string
  currency: CurrencyCode
  subtotal: number
  /** The sum of `discounts`. */
  discount: number
  /** Each discount on its own line, named (issue 29 item 7). */
  discounts: DiscountLine[]
  shippingFee: number
  /** Why the order paid for delivery (issue 29 item 8), or null when it did not. */
  shippingReason: ShippingFeeReason | null
  total: number
  vatIncluded: number
  promotionCode: string | null
  shippingMethod: ShippingMethod
  /** The pick-up branch's name in the e-mail's language. */
  storeName: string | null
  address: OrderAddress | null
  paymentMethod: PaymentMethod
  /** `lineTotal`: the pieces at their shelf price. */
  items: Array<{ name: string; size: string; quantity: number; lineTotal: number }>
  /** The order page, for a member's order (a guest's page needs the browser that ordered). */
  pageUrl: string | null
}

/** The shop's account: the bank's and the holder's names per language (a Thai e-mail names them in Thai). */
export type MailBank = {
  bankName: InLanguages
  accountName: InLanguages
  accountNumber: string
  promptPayId: string
}

export type MailContext = {
  locale: MailLocale
  order: MailOrder
  bank: MailBank
  brand: string
  /** The shop's home page in the e-mail's language. */
  shopUrl: string
}

export type RenderedMail = { subject: string; html: string; text: string }

/** The order e-mail in the context's language: subject, HTML and plain text built from the same blocks. */
export function renderOrderMail(i18n: I18n, mail: OrderMail, context: MailContext): RenderedMail {
  const words = new Words(i18n, context)
  const content = contentOf(words, mail, context)
  const orderNumber = context.order.number
  const email = context.order.email
  const brand = context.brand
  const doc: MailDocument = {
    lang: context.locale,
    subject: content.subject,
    preheader: content.intro,
    brand,
    heading: content.heading,
    blocks: [{ type: 'paragraph', text: content.intro }, ...content.blocks],
    footer: [
      i18n._(msg`This e-mail was sent to ${email} about order ${orderNumber}.`),
      i18n._(
        msg`Please do not reply to this e-mail. For questions about your order, see the contact details on our website.`,
      ),
    ],
    siteUrl: context.shopUrl,
  }
  return { subject: content.subject, html: renderHtml(doc), text: renderText(doc) }
}

type Content = { subject: string; heading: string; intro: string; blocks: MailBlock[] }

/** Formatting and the blocks several e-mails share. */
class Words {
  constructor(
    readonly i18n: I18n,
    private readonly context: MailContext,
  ) {}

  t(descriptor: MessageDescriptor): string {
    return this.i18n._(descriptor)
  }

  money(amount: number): string {
    return formatMoney(amount, this.context.order.currency, this.context.locale)
  }

  date(iso: string): string {
    return formatDate(iso, this.context.locale)
  }

  /** A deadline with its time of day (Asia/Bangkok; the Buddhist year in Thai). */
  deadline(iso: string): string {
    return formatDateTime(iso, this.context.locale)
  }

  /** Size and quantity of a piece; 'OS' is one size. */
  pieceDetail(size: string, quantity: number): string {
    return size === 'OS'
      ? this.t(msg`One size · Quantity ${quantity}`)
      : this.t(msg`Size ${size} · Quantity ${quantity}`)
  }

  items(): MailBlock {
    return {
      type: 'items',
      title: this.t(msg`Items`),
      headers: { item: this.t(msg`Item`), amount: this.t(msg`Price`) },
      rows: this.context.order.items.map((item) => ({
        name: item.name,
        detail: this.pieceDetail(item.size, item.quantity),
        amount: this.money(item.lineTotal),
      })),
    }
  }

  totals(): MailBlock {
    const order = this.context.order
    const rows: MailRow[] = [{ label: this.t(msg`Subtotal`), value: this.money(order.subtotal) }]
    // Each discount on its own line with its name; an order without lines (none stored) shows its one sum.
    const discounts: Array<Omit<DiscountLine, 'kind'> & { kind: DiscountLine['kind'] | null }> =
      order.discounts.length > 0 ? order.discounts : [{ kind: null, code: order.promotionCode, amount: order.discount }]
    for (const discount of discounts) {
      if (discount.amount > 0)
        rows.push({ label: this.discountLabel(discount), value: `−${this.money(discount.amount)}` })
    }
    rows.push({
      label: this.t(msg`Shipping`),
      value: order.shippingFee === 0 ? this.t(msg`Free`) : this.money(order.shippingFee),
      // A fee says why, as the order page does (issue 29 item 8).
      ...(order.shippingFee > 0 && order.shippingReason ? { note: this.shippingReason(order.shippingReason) } : {}),
    })
    rows.push({ label: this.t(msg`Total`), value: this.money(order.total) })
    const vat = this.money(order.vatIncluded)
    return { type: 'totals', title: this.t(msg`Summary`), rows, note: this.t(msg`including VAT ${vat}`) }
  }

  /**
   * Why a shipping fee is charged, in the words of the order page (src/checkout/shipping-reasons.ts). Written again
   * on purpose: the API takes nothing of the storefront (decision 028), and the e-mails' catalog takes its messages
   * from src/api/emails only (decision 110; src/i18n/catalogs.test.ts holds it).
   */
  shippingReason(reason: ShippingFeeReason): string {
    const currency = this.context.order.currency
    const fee = this.money(DOMESTIC_SMALL_ITEM_FEE[currency])
    switch (reason) {
      case 'club':
        return this.t(msg`A club item is in the order: club items pay a ${fee} delivery fee within Thailand.`)
      case 'smallSaleItem': {
        const under = this.money(SMALL_SALE_ITEM_PRICE_BELOW[currency])
        return this.t(msg`A sale item under ${under} is in the order: it pays a ${fee} delivery fee within Thailand.`)
      }
      case 'international': {
        const from = this.money(INTERNATIONAL_FREE_SHIPPING_FROM[currency])
        return this.t(msg`International delivery: free from ${from}.`)
      }
    }
  }

  /**
   * A discount's name: mix-and-match, the code, a member's tier or birth-month code (issue 29 item 7). As the pages'
   * src/checkout/discount-labels.ts, but a code is a "Discount code" here and on the tax invoice, a "Discounted code"
   * on the pages; written again for the reasons of shippingReason.
   */
  discountLabel({ kind, code: named }: { kind: DiscountLine['kind'] | null; code: string | null }): string {
    const code = named ?? ''
    switch (kind) {
      case 'mix_match':
        return this.t(msg`Mix and match`)
      case 'code':
        return this.t(msg`Discount code ${code}`)
      case 'tier':
        return this.t(msg`Member discount ${code}`)
      case 'birth_month':
        return this.t(msg`Birth-month discount ${code}`)
      default:
        return code ? this.t(msg`Discount (${code})`) : this.t(msg`Discount`)
    }
  }

  delivery(): MailBlock {
    const order = this.context.order
    if (order.shippingMethod === 'pickup') {
      const storeName = order.storeName ?? '—'
      return {
        type: 'details',
        title: this.t(msg`Delivery`),
        rows: [{ label: this.t(msg`Pick up at the store`), value: storeName }],
      }
    }
    const address = order.address
    const rows: MailRow[] = []
    if (address) {
      const lines = [
        `${address.firstname} ${address.lastname}`.trim(),
        address.address,
        address.address2,
        [address.subDistrict, address.district, address.province, address.postcode].filter(Boolean).join(' '),
        countryName(address.country, this.context.locale),
      ].filter(Boolean)
      rows.push({ label: this.t(msg`Courier to`), value: lines.join(', ') })
      if (address.telephoneNumber) rows.push({ label: this.t(msg`Telephone`), value: address.telephoneNumber })
    }
    return { type: 'details', title: this.t(msg`Delivery`), rows }
  }

  paymentMethod(): MailBlock {
    const method = this.context.order.paymentMethod
    const value =
      method === 'bank_transfer'
        ? this.t(msg`Bank transfer or PromptPay`)
        : method === 'card'
          ? this.t(msg`Credit or debit card`)
          : this.t(msg`PayPal`)
    return { type: 'details', title: this.t(msg`Payment method`), lead: value, rows: [] }
  }

  /** The brand's account, the amount and the order number as the transfer's reference; the deadline if any. */
  bankTransfer(deadlineIso: string | null): MailBlock {
    const { bank, order } = this.context
    const amount = this.money(order.total)
    const orderNumber = order.number
    const deadline = deadlineIso ? this.deadline(deadlineIso) : null
    return {
      type: 'details',
      title: this.t(msg`Bank transfer`),
      lead: this.t(msg`Please transfer ${amount} to this account:`),
      rows: [
        { label: this.t(msg`Bank`), value: bank.bankName[this.context.locale] },
        { label: this.t(msg`Account name`), value: bank.accountName[this.context.locale] },
        { label: this.t(msg`Account number`), value: bank.accountNumber },
        { label: this.t(msg`PromptPay`), value: bank.promptPayId },
        { label: this.t(msg`Amount`), value: amount },
        { label: this.t(msg`Reference`), value: orderNumber },
      ],
      after: [
        deadline
          ? this.t(msg`Please pay by ${deadline}. After that the order is cancelled and its pieces go back on sale.`)
          : this.t(msg`Your order is kept for you until we receive the payment.`),
      ],
    }
  }

  orderLink(): MailBlock[] {
    const url = this.context.order.pageUrl
    return url ? [{ type: 'button', text: this.t(msg`View your order`), href: url }] : []
  }

  shopLink(): MailBlock {
    return { type: 'button', text: this.t(msg`Shop again`), href: this.context.shopUrl }
  }
}

function contentOf(words: Words, mail: OrderMail, context: MailContext): Content {
  const { i18n } = words
  const order = context.order
  const orderNumber = order.number
  const awaitingTransfer = order.status === 'awaiting_payment' && order.paymentMethod === 'bank_transfer'
  switch (mail.kind) {
    case 'order_placed': {
      const date = words.date(order.createdAt)
      return {
        subject: i18n._(msg`Thank you for your order ${orderNumber}`),
        heading: i18n._(msg`Thank you for your order`),
        intro: i18n._(msg`We have received your order ${orderNumber} of ${date}.`),
        blocks: [
          ...(awaitingTransfer ? [words.bankTransfer(mail.data.paymentDeadline)] : []),
          ...(order.status === 'awaiting_payment'
            ? [{ type: 'paragraph' as const, text: i18n._(msg`We will write again when your payment is received.`) }]
            : []),
          words.items(),
          words.totals(),
          words.delivery(),
          words.paymentMethod(),
          ...words.orderLink(),
        ],
      }
    }
    case 'payment_received': {
      const amount = words.money(order.total)
      return {
        subject: i18n._(msg`Payment received for order ${orderNumber}`),
        heading: i18n._(msg`Payment received`),
        intro: i18n._(msg`We have received your payment of ${amount} for order ${orderNumber}.`),
        blocks: [
          {
            type: 'paragraph',
            text: i18n._(msg`We are preparing your order and will write again when it is on its way.`),
          },
          words.items(),
          words.totals(),
          words.delivery(),
          ...words.orderLink(),
        ],
      }
    }
    case 'shipped': {
      const storeName = order.storeName ?? '—'
      const parcels = mail.data.shipments.map((shipment) => {
        const carrierName = shipment.carrierName
        const trackingNumber = shipment.trackingNumber
        return {
          label: i18n._(msg`${carrierName}, tracking number ${trackingNumber}`),
          link: shipment.url ? { text: i18n._(msg`Track parcel ${trackingNumber}`), href: shipment.url } : null,
        }
      })
      return {
        subject: i18n._(msg`Your order ${orderNumber} is on its way`),
        heading: i18n._(msg`Your order is on its way`),
        intro:
          order.shippingMethod === 'pickup'
            ? i18n._(msg`Your order ${orderNumber} is on its way to our store ${storeName}.`)
            : i18n._(msg`Your order ${orderNumber} has left us and is on its way to you.`),
        blocks: [
          ...(parcels.length > 0 ? [{ type: 'parcels' as const, title: i18n._(msg`Tracking`), rows: parcels }] : []),
          ...(order.shippingMethod === 'courier'
            ? [{ type: 'paragraph' as const, text: i18n._(msg`Parcels usually arrive within 3–7 working days.`) }]
            : []),
          words.items(),
          words.delivery(),
          ...words.orderLink(),
        ],
      }
    }
    case 'return_accepted': {
      const request = mail.data.request
      const exchange = request.kind === 'exchange'
      return {
        subject: exchange
          ? i18n._(msg`Your exchange for order ${orderNumber} is accepted`)
          : i18n._(msg`Your return for order ${orderNumber} is accepted`),
        heading: exchange ? i18n._(msg`Exchange accepted`) : i18n._(msg`Return accepted`),
        intro: exchange
          ? i18n._(msg`We have accepted your exchange request for order ${orderNumber}.`)
          : i18n._(msg`We have accepted your return request for order ${orderNumber}.`),
        blocks: [
          {
            type: 'items',
            title: i18n._(msg`Your request`),
            headers: { item: i18n._(msg`Item`), amount: null },
            rows: request.items.map((item) => ({
              name: item.name,
              detail: words.pieceDetail(item.size, item.quantity),
              amount: null,
            })),
          },
          ...(request.reason.trim()
            ? [
                {
                  type: 'details' as const,
                  title: i18n._(msg`Reason`),
                  rows: [{ label: i18n._(msg`In your words`), value: request.reason.trim() }],
                },
              ]
            : []),
          { type: 'paragraph', text: i18n._(msg`Pieces must be unworn, with their tags attached.`) },
          {
            type: 'paragraph',
            text: exchange
              ? i18n._(msg`We will contact you to arrange the exchange.`)
              : i18n._(
                  msg`Once we have the pieces, the refund goes back through your original payment channel within 15 days.`,
                ),
          },
          ...words.orderLink(),
        ],
      }
    }
    case 'bank_transfer_reminder': {
      const amount = words.money(order.total)
      const deadline = words.deadline(mail.data.paymentDeadline)
      return {
        subject: i18n._(msg`Reminder: please pay for order ${orderNumber} by ${deadline}`),
        heading: i18n._(msg`Your order is waiting for your payment`),
        intro: i18n._(
          msg`We have not received the payment for order ${orderNumber} yet. Please transfer ${amount} by ${deadline}, or the order is cancelled and its pieces go back on sale.`,
        ),
        blocks: [
          words.bankTransfer(mail.data.paymentDeadline),
          { type: 'paragraph', text: i18n._(msg`If you have paid already, thank you: please ignore this e-mail.`) },
          words.items(),
          words.totals(),
          ...words.orderLink(),
        ],
      }
    }
    case 'order_cancelled': {
      const amount = words.money(order.total)
      return {
        subject: i18n._(msg`Order ${orderNumber} is cancelled`),
        heading: i18n._(msg`Your order is cancelled`),
        intro: cancelIntro(i18n, mail.data.reason, orderNumber),
        blocks: [
          ...(mail.data.refund
            ? [
                {
                  type: 'paragraph' as const,
                  text: i18n._(
                    msg`You paid ${amount} for this order: it is refunded through your original payment channel within 15 days.`,
                  ),
                },
              ]
            : []),
          words.items(),
          words.totals(),
          { type: 'paragraph', text: i18n._(msg`Still want these pieces? You are welcome to order them again.`) },
          words.shopLink(),
        ],
      }
    }
    case 'refund':
      return refundContent(words, mail, context)
  }
}

function refundContent(words: Words, mail: Extract<OrderMail, { kind: 'refund' }>, context: MailContext): Content {
  const { i18n } = words
  const orderNumber = context.order.number
  const amount = words.money(mail.data.amount)
  const channel =
    context.order.paymentMethod === 'bank_transfer'
      ? i18n._(msg`It goes back to the bank account you gave us; banks usually show it within 1–3 working days.`)
      : i18n._(msg`It goes back through your original payment channel; your bank usually shows it within 5–10 days.`)
  return {
    subject: mail.data.full
      ? i18n._(msg`Order ${orderNumber} is refunded`)
      : i18n._(msg`A refund for your order ${orderNumber}`),
    heading: i18n._(msg`We have refunded you`),
    intro: i18n._(msg`We have refunded ${amount} for your order ${orderNumber}.`),
    blocks: [{ type: 'paragraph', text: channel }, words.items(), words.totals(), ...words.orderLink()],
  }
}

function cancelIntro(i18n: I18n, reason: OrderCancelReason, orderNumber: string): string {
  switch (reason) {
    case 'payment_deadline_passed':
      return i18n._(
        msg`We did not receive the payment for order ${orderNumber} in time, so the order is cancelled and its pieces are back on sale.`,
      )
    case 'shopper':
      return i18n._(msg`As you asked, your order ${orderNumber} is cancelled.`)
    case 'shop':
      return i18n._(msg`We are sorry: we had to cancel your order ${orderNumber}.`)
  }
}

/** The LINE message of a status change (members linked to LINE), from the same catalog. */
export function statusLineText(i18n: I18n, orderNumber: string, orderStatus: OrderStatus): string {
  const status = i18n._(STATUS_WORDS[orderStatus])
  return i18n._(msg`Your order ${orderNumber} has a new status: ${status}.`)
}

const STATUS_WORDS: Record<OrderStatus, MessageDescriptor> = {
  awaiting_payment: msg`awaiting payment`,
  paid: msg`paid`,
  packed: msg`packed`,
  in_transit: msg`in transit`,
  received: msg`received`,
  cancelled: msg`cancelled`,
  returned: msg`returned`,
}
