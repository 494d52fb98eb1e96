import type { CurrencyCode, OrderAddress } from '~/db/schema'
import type { DiscountLine, OrderStatus, PaymentMethod, PaymentStatus, ShippingMethod } from '~/domain/orders'
import type { PieceRefusal, ReturnRefusal } from '~/domain/returns'
import type { TaxInvoiceState } from './tax-invoice.service'
import type { ReturnRequestView } from './return-views'
import type { ShipmentView } from './shipments.service'

/** An order as its page and the back office see it (the wire's Order, camelCase, before its bank transfer details). */
export type OrderView = {
  id: string
  number: string
  status: OrderStatus
  currency: CurrencyCode
  email: string
  telephone: string
  subtotal: number
  /** The sum of `discounts`. */
  discount: number
  /** Each discount on its own line with its kind and code (issue 29 item 7). */
  discounts: DiscountLine[]
  shippingFee: number
  total: number
  vatIncluded: number
  promotionCode: string | null
  shippingMethod: ShippingMethod
  store: { id: string; name: string } | null
  address: OrderAddress | null
  paymentMethod: PaymentMethod
  payment: { status: PaymentStatus; redirectUrl: string | null } | null
  items: Array<{
    /** The line's place in the order: return requests name pieces by it. */
    position: number
    sku: string
    productId: string
    name: string
    size: string
    quantity: number
    /** The shelf price of one piece when the order was placed. */
    unitPrice: number
    /** unitPrice × quantity: the line at its shelf price (the discounts are the order's `discounts`). */
    lineTotal: number
    tags: string[]
    category: string
    /** How many of this piece can still be asked for in an exchange or return, or why none (§9). */
    returnable: { quantity: number; reason: PieceRefusal | null }
    /** The sizes an exchange of this piece may ask for (only while the piece can be asked for). */
    exchangeSizes: string[]
  }>
  events: Array<{ status: OrderStatus; at: string; note: string | null }>
  createdAt: string
  receivedAt: string | null
  /** A bank transfer's deadline while the order waits for it (null otherwise). */
  paymentDueAt: string | null
  international: boolean
  /** Until when some piece can be asked for, or why none can. */
  returnWindow: { until: string | null; reason: ReturnRefusal | null }
  returns: ReturnRequestView[]
  shipments: ShipmentView[]
  /** The full tax invoice: issued, available to download, or why not (issue 17 item 8). */
  taxInvoice: TaxInvoiceState
  /** Credit notes (ใบลดหนี้) of its refunded returns, oldest first (issue 31 item 9). */
  creditNotes: Array<{ number: string; issuedAt: string }>
}
