import type { CurrencyCode, OrderAddress } from '~/db/schema'
import type { PaymentMethod, ShippingMethod } from '~/domain/orders'
import { normaliseAddress, validateAddress, type AddressInput } from '~/domain/address'
import { parseLoginIdentifier, parseTelephone } from '~/domain/phone'
import { getThaiPostal } from '~/geo/thai-postal.server'
import { sha256 } from '~/api/accounts/crypto.server'
import { ApiError } from '~/api/errors'

/** What the shopper asks of checkout: the contact, the delivery, the code and the payment (issue 5). */
export type CheckoutInput = {
  currency: CurrencyCode
  lang: 'th' | 'en'
  email: string
  telephone: string
  shippingMethod: ShippingMethod
  storeId: string | null
  address: AddressInput | null
  promotionCode: string | null
  paymentMethod: PaymentMethod
  /** The total the shopper saw; a different total on the server is the price-validity warning. */
  expectedTotal: number | null
}

/**
 * What an idempotency key stands for: who orders and what they asked. A member is the member (their cart is
 * closed by the order, so a replay finds another cart or none); a guest is the cart of their token.
 */
export function requestDigest(who: { memberId: string } | { cartId: string }, input: CheckoutInput): string {
  const { expectedTotal: _shown, ...rest } = input
  return sha256(JSON.stringify({ ...who, ...rest, address: rest.address ? normaliseAddress(rest.address) : null }))
}

/** Checks what the shopper typed before anything is written: the contact, and the address or the branch. */
export async function checkedContact(input: CheckoutInput): Promise<CheckedContact> {
  const email = parseLoginIdentifier(input.email)
  const fields: Record<string, string> = {}
  if (!input.email.trim()) fields.email = 'required'
  else if (email?.kind !== 'email') fields.email = 'invalid'
  const phone = parseTelephone(input.telephone, input.address?.country || 'TH')
  if (!input.telephone.trim()) fields.telephone = 'required'
  else if (!phone) fields.telephone = 'invalid'
  let address: OrderAddress | null = null
  if (input.shippingMethod === 'courier') {
    if (!input.address) {
      throw new ApiError(400, 'INVALID_INPUT', 'Please enter the address.', { fields: { address: 'required' } })
    }
    const values = normaliseAddress(input.address)
    const errors = validateAddress(values, { thai: await getThaiPostal() })
    for (const [field, code] of Object.entries(errors)) if (code) fields[`address.${field}`] = code
    address = values
  } else if (!input.storeId) {
    throw new ApiError(400, 'INVALID_INPUT', 'Please select a branch', { fields: { storeId: 'required' } })
  }
  if (Object.keys(fields).length > 0) {
    throw new ApiError(400, 'INVALID_INPUT', 'Please complete the information.', { fields })
  }
  return { address, email: email?.value ?? '', telephone: phone?.value ?? '' }
}

/** The contact and address an order keeps: normalised, and checked. */
export type CheckedContact = { address: OrderAddress | null; email: string; telephone: string }
