/**
 * Everything the shop holds on a member, as the data download gives it (issue 33 item 2, PDPA §30): prepared by the
 * export job, kept with its link, shown as a page and downloaded as JSON. Dates are ISO 8601 strings, amounts in
 * minor units of their currency (satang for THB).
 */
export type PrivacyExport = {
  preparedAt: string
  profile: {
    fullname: string
    email: string | null
    emailConfirmedAt: string | null
    telephone: string | null
    telephoneConfirmedAt: string | null
    gender: string | null
    birthdate: string | null
    tier: string
    totalSpending: number
    tierExpiresAt: string | null
    acceptedTermsAt: string | null
    createdAt: string
  }
  line: { linked: boolean }
  addresses: Array<{
    firstname: string
    lastname: string
    telephone: string
    email: string
    taxId: string
    address: string
    address2: string
    subDistrict: string
    district: string
    province: string
    postcode: string
    country: string
    isDefault: boolean
  }>
  orders: Array<{
    number: string
    placedAt: string
    status: string
    currency: string
    total: number
    discount: number
    shippingFee: number
    paymentMethod: string
    shippingMethod: string
    email: string
    telephone: string
    deliverTo: string | null
    taxInvoice: string | null
    items: Array<{ sku: string; nameTh: string; nameEn: string; size: string; quantity: number; lineTotal: number }>
  }>
  codes: Array<{
    code: string
    kind: string
    percent: number
    validFrom: string
    validUntil: string
    usedAt: string | null
  }>
  wishlist: Array<{ productId: string; addedAt: string }>
  cart: Array<{ sku: string; quantity: number; unitPrice: number; currency: string; addedAt: string }>
  sessions: Array<{
    startedAt: string
    lastSeenAt: string
    expiresAt: string
    device: string | null
    country: string | null
  }>
  consents: Array<{ consentId: string; bannerVersion: number; analytics: string; advertising: string; at: string }>
  requests: Array<{ kind: string; source: string; status: string; receivedAt: string; doneAt: string | null }>
}

/** The sections of an export in the order the page shows them (and their counts, for the page's summary). */
export const EXPORT_SECTIONS = [
  'addresses',
  'orders',
  'codes',
  'wishlist',
  'cart',
  'sessions',
  'consents',
  'requests',
] as const satisfies ReadonlyArray<keyof PrivacyExport>
