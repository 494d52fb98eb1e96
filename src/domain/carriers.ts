/**
 * The carriers the back office ships with, their names, public tracking pages and a loose check of their
 * tracking numbers (wrong enough to be a typo is refused; anything a carrier might plausibly issue passes).
 */

/** In the order the back office's list shows them: Thai carriers first, then international ones. */
export const CARRIER_IDS = [
  'thailand_post',
  'kerry_express',
  'flash_express',
  'jt_express',
  'ninja_van',
  'dhl_express',
  'fedex',
  'ups',
  'other',
] as const
export type CarrierId = (typeof CARRIER_IDS)[number]

export type Carrier = {
  id: CarrierId
  name: { th: string; en: string }
  /** The public tracking page; `{number}` is replaced by the tracking number. Null: no page to link to. */
  trackingUrl: string | null
  /** Tracking numbers as the carrier issues them, after spaces are removed and letters upper-cased. */
  pattern: RegExp
}

export const CARRIERS: readonly Carrier[] = [
  {
    id: 'thailand_post',
    name: { th: 'ไปรษณีย์ไทย', en: 'Thailand Post' },
    trackingUrl: 'https://track.thailandpost.co.th/?trackNumber={number}',
    // UPU S10: two letters, eight digits and a check digit, two letters (EF123456789TH).
    pattern: /^[A-Z]{2}\d{9}[A-Z]{2}$/,
  },
  {
    id: 'kerry_express',
    name: { th: 'เคอรี่ เอ็กซ์เพรส (KEX)', en: 'Kerry Express (KEX)' },
    trackingUrl: 'https://th.kex-express.com/th/track/?track={number}',
    pattern: /^[A-Z0-9]{10,20}$/,
  },
  {
    id: 'flash_express',
    name: { th: 'แฟลช เอ็กซ์เพรส', en: 'Flash Express' },
    trackingUrl: 'https://www.flashexpress.co.th/fle/tracking?se={number}',
    pattern: /^TH[A-Z0-9]{8,16}$/,
  },
  {
    id: 'jt_express',
    name: { th: 'เจแอนด์ที เอ็กซ์เพรส', en: 'J&T Express' },
    trackingUrl: 'https://www.jtexpress.co.th/service/track?waybillNo={number}',
    pattern: /^[A-Z0-9]{10,20}$/,
  },
  {
    id: 'ninja_van',
    name: { th: 'นินจาแวน', en: 'Ninja Van' },
    trackingUrl: 'https://www.ninjavan.co/th-th/tracking?id={number}',
    pattern: /^[A-Z0-9]{8,24}$/,
  },
  {
    id: 'dhl_express',
    name: { th: 'DHL Express', en: 'DHL Express' },
    trackingUrl: 'https://www.dhl.com/th-en/home/tracking/tracking-express.html?submit=1&tracking-id={number}',
    // Ten-digit waybills; longer piece numbers (JD…) also track.
    pattern: /^(\d{10}|JD\d{18}|[A-Z0-9]{10,39})$/,
  },
  {
    id: 'fedex',
    name: { th: 'FedEx', en: 'FedEx' },
    trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr={number}',
    pattern: /^\d{12,22}$/,
  },
  {
    id: 'ups',
    name: { th: 'UPS', en: 'UPS' },
    trackingUrl: 'https://www.ups.com/track?tracknum={number}',
    pattern: /^(1Z[A-Z0-9]{16}|[A-Z0-9]{9,24})$/,
  },
  {
    id: 'other',
    name: { th: 'ขนส่งอื่น', en: 'Other carrier' },
    trackingUrl: null,
    pattern: /^[A-Z0-9-]{4,40}$/,
  },
]

export function carrierById(id: string): Carrier | null {
  return CARRIERS.find((carrier) => carrier.id === id) ?? null
}

/** A tracking number as stored: spaces and dashes typed for readability removed (kept for `other`), upper case. */
export function normaliseTrackingNumber(carrier: Carrier, raw: string): string {
  const upper = raw.trim().toUpperCase().replace(/\s+/g, '')
  return carrier.id === 'other' ? upper : upper.replace(/-/g, '')
}

/** The stored number, or null when it cannot be one of this carrier's. */
export function parseTrackingNumber(carrier: Carrier, raw: string): string | null {
  const number = normaliseTrackingNumber(carrier, raw)
  return carrier.pattern.test(number) ? number : null
}

/** The carrier's public page for this number, or null when it has none. */
export function trackingUrl(carrier: Carrier, number: string): string | null {
  return carrier.trackingUrl ? carrier.trackingUrl.replace('{number}', encodeURIComponent(number)) : null
}
