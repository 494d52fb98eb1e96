import type { AddressInput } from '~/domain/address-core'
import { PAYMENT_METHODS, type PaymentMethod, type ShippingMethod } from '~/domain/orders'
import type { CheckoutDraft } from './draft'

/**
 * The checkout form's schema: every value the shopper chooses or types on the page, the methods offered being the
 * domain's (§4). Written by hand, without a schema library: this runs in the checkout's first load (issue 29 item 24).
 */
export type CheckoutValues = {
  email: string
  telephone: string
  shipping: ShippingMethod
  /** The branch to pick up at ('' until one is chosen). */
  storeId: string
  /** The address confirmed ("Use this address" or a saved one). */
  address: AddressInput | null
  /** What is typed in the address form before it is confirmed (issue 29, item 20). */
  addressTyped: AddressInput | null
  /** The address form is open: nothing is confirmed, or the shopper is changing it. */
  editingAddress: boolean
  /** The discount code as typed, and the code applied (checked against a quote). */
  codeInput: string
  code: string | null
  payment: PaymentMethod
  /** The shopper chose to go on as a guest (the log-in dialog is not shown again). */
  guestChoice: boolean
}

/** What the page starts from besides the draft: the member's contact and addresses, and whether PayPal is offered. */
export type CheckoutStart = {
  member: { email: string | null; telephone: string | null } | null
  saved: ReadonlyArray<AddressInput & { isDefault: boolean }>
  paypalOffered: boolean
}

/**
 * The form's first values: the tab's draft where there is one, else the member's contact and default address. A
 * restored draft keeps PayPal only while PayPal is offered.
 */
export function checkoutValues(draft: CheckoutDraft | null, { member, saved, paypalOffered }: CheckoutStart) {
  const address = draft?.address ?? saved.find((entry) => entry.isDefault) ?? saved[0] ?? null
  const addressTyped = draft?.addressTyped ?? null
  const values: CheckoutValues = {
    email: draft?.email || member?.email || '',
    telephone: draft?.telephone || member?.telephone || '',
    shipping: draft?.shipping ?? 'courier',
    storeId: draft?.storeId ?? '',
    address,
    addressTyped,
    editingAddress: address === null || addressTyped !== null,
    codeInput: draft?.codeInput ?? '',
    code: draft?.code ?? null,
    payment:
      PAYMENT_METHODS.find((method) => method === draft?.payment && (method !== 'paypal' || paypalOffered)) ?? 'card',
    guestChoice: draft?.guestChoice ?? false,
  }
  return values
}

/** What the tab keeps of the form: an address being edited is kept as typed, a confirmed one as confirmed. */
export function checkoutDraft(values: CheckoutValues): CheckoutDraft {
  const { editingAddress, address, addressTyped, ...rest } = values
  return { ...rest, address: editingAddress ? null : address, addressTyped: editingAddress ? addressTyped : null }
}

/** Why the order cannot be sent yet, checked in this order: the address, the branch, then the contact. */
export type CheckoutIncomplete = {
  reason: 'enterAddress' | 'selectBranch' | 'completeInformation'
  fields: Record<string, string>
}

export function incompleteCheckout(values: CheckoutValues): CheckoutIncomplete | null {
  if (values.shipping === 'courier' && (!values.address || values.editingAddress)) {
    return { reason: 'enterAddress', fields: {} }
  }
  if (values.shipping === 'pickup' && !values.storeId) {
    return { reason: 'selectBranch', fields: { storeId: 'required' } }
  }
  const email = values.email.trim()
  const telephone = values.telephone.trim()
  if (!email || !telephone) {
    return {
      reason: 'completeInformation',
      fields: { ...(email ? {} : { email: 'required' }), ...(telephone ? {} : { telephone: 'required' }) },
    }
  }
  return null
}
