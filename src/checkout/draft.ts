import { ADDRESS_FIELDS, type AddressInput } from '~/domain/address-core'
import { SHIPPING_METHODS, type ShippingMethod } from '~/domain/orders'

/**
 * What the shopper has typed at checkout, kept in this tab (sessionStorage) so that a reload or a trip back to the
 * cart loses nothing (issue 17). Personal data stays on the device and goes with the tab; it is dropped once the
 * order is placed. Never the price: totals are always the server's.
 */
export type CheckoutDraft = {
  email: string
  telephone: string
  shipping: ShippingMethod
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

/** The longest text a draft keeps in a field (the server's own limits are lower). */
const TEXT_MAX = 300

const isText = (value: unknown): value is string => typeof value === 'string' && value.length <= TEXT_MAX
const isShippingMethod = (value: unknown): value is ShippingMethod =>
  SHIPPING_METHODS.some((method) => method === value)

function readAddress(value: unknown): AddressInput | null | undefined {
  if (value === null) return null
  if (typeof value !== 'object' || Array.isArray(value)) return undefined
  const fields = value as Record<string, unknown>
  const address: Partial<AddressInput> = {}
  for (const name of ADDRESS_FIELDS) {
    const field = fields[name]
    if (!isText(field)) return undefined
    address[name] = field
  }
  return address as AddressInput
}

/**
 * The draft as stored, checked field by field (written by hand, without a schema library: this runs in the
 * checkout's first load, issue 29 item 24); null when anything is missing or of the wrong kind.
 */
function parseDraft(value: unknown): CheckoutDraft | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  const draft = value as Record<string, unknown>
  const { email, telephone, shipping, storeId, codeInput, code, payment, guestChoice } = draft
  if (!isText(email) || !isText(telephone) || !isText(storeId) || !isText(codeInput) || !isText(payment)) return null
  if (!isShippingMethod(shipping)) return null
  if (code !== null && !isText(code)) return null
  if (typeof guestChoice !== 'boolean') return null
  const address = readAddress(draft.address)
  if (address === undefined) return null
  const parsed: CheckoutDraft = { email, telephone, shipping, storeId, address, codeInput, code, payment, guestChoice }
  if ('addressTyped' in draft && draft.addressTyped !== undefined) {
    const typed = readAddress(draft.addressTyped)
    if (typed === undefined) return null
    parsed.addressTyped = typed
  }
  return parsed
}

/** The draft of this tab, or null when there is none or it cannot be read (then checkout starts afresh). */
export function readCheckoutDraft(storage: Pick<Storage, 'getItem'> | null): CheckoutDraft | null {
  if (!storage) return null
  try {
    const raw = storage.getItem(CHECKOUT_DRAFT_KEY)
    if (!raw) return null
    return parseDraft(JSON.parse(raw))
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
