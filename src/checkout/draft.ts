import { z } from 'zod/mini'
import { ADDRESS_FIELDS, type AddressInput } from '~/domain/address-core'

/**
 * What the shopper has typed at checkout, kept in this tab (sessionStorage) so that a reload or a trip back to the
 * cart loses nothing (issue 17). Personal data stays on the device and goes with the tab; it is dropped once the
 * order is placed. Never the price: totals are always the server's.
 */
export type CheckoutDraft = {
  email: string
  telephone: string
  shipping: 'courier' | 'pickup'
  storeId: string
  address: AddressInput | null
  /** An address typed but not yet confirmed ("Use this address"): the form opens with it again (issue 29, item 20). */
  addressTyped?: AddressInput | null
  codeInput: string
  code: string | null
  payment: string
  guestChoice: boolean
}

export const CHECKOUT_DRAFT_KEY = 'checkout-draft'

const text = z.string().check(z.maxLength(300))
const addressSchema = z.object(
  Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, text])) as Record<keyof AddressInput, typeof text>,
)

const draftSchema = z.object({
  email: text,
  telephone: text,
  shipping: z.enum(['courier', 'pickup']),
  storeId: text,
  address: z.nullable(addressSchema),
  addressTyped: z.optional(z.nullable(addressSchema)),
  codeInput: text,
  code: z.nullable(text),
  payment: text,
  guestChoice: z.boolean(),
})

/** The draft of this tab, or null when there is none or it cannot be read (then checkout starts afresh). */
export function readCheckoutDraft(storage: Pick<Storage, 'getItem'> | null): CheckoutDraft | null {
  if (!storage) return null
  try {
    const raw = storage.getItem(CHECKOUT_DRAFT_KEY)
    if (!raw) return null
    const parsed = draftSchema.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

export function writeCheckoutDraft(storage: Pick<Storage, 'setItem'> | null, draft: CheckoutDraft): void {
  try {
    storage?.setItem(CHECKOUT_DRAFT_KEY, JSON.stringify(draft))
  } catch {
    // Storage full or refused (private mode): the draft is a convenience, checkout works without it.
  }
}

export function clearCheckoutDraft(storage: Pick<Storage, 'removeItem'> | null): void {
  try {
    storage?.removeItem(CHECKOUT_DRAFT_KEY)
  } catch {
    // Nothing to do: see writeCheckoutDraft.
  }
}

/** This tab's sessionStorage, or null where there is none (the server, a browser refusing storage). */
export function sessionStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    return null
  }
}
