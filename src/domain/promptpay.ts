/**
 * The PromptPay QR payload: an EMVCo merchant-presented QR code (EMV QRCPS) as the Bank of Thailand's Thai QR
 * Code standard uses it for PromptPay credit transfers. Pure: the caller renders the string as a QR code.
 */

/** EMVCo ID 00: payload format indicator. */
export const PAYLOAD_FORMAT_INDICATOR = '01'
/** EMVCo ID 01: point of initiation, static (any amount, reusable) or dynamic (an amount set). */
export const POI_METHOD_STATIC = '11'
export const POI_METHOD_DYNAMIC = '12'
/** EMVCo ID 29 sub-ID 00: the application id of PromptPay credit transfer. */
export const PROMPTPAY_AID = 'A000000677010111'
/** EMVCo ID 53: ISO 4217 numeric code of the Thai baht. */
export const CURRENCY_THB_NUMERIC = '764'
/** EMVCo ID 58: the country of the merchant. */
export const COUNTRY_CODE_TH = 'TH'
/** EMVCo ID 54 holds at most 13 characters. */
const MAX_AMOUNT_LENGTH = 13

/** One TLV field: two-digit ID, two-digit length, value. */
function field(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`EMVCo field ${id} is longer than 99 characters`)
  return `${id}${String(value.length).padStart(2, '0')}${value}`
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final XOR) of ASCII text, 4 upper-case hex digits. */
export function crc16ccitt(text: string): string {
  let crc = 0xffff
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code > 0x7f) throw new RangeError('crc16ccitt expects ASCII text')
    crc ^= code << 8
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0')
}

/** Whether 13 digits carry a valid Thai national / juristic tax id check digit (mod 11). */
export function isThaiIdChecksumValid(id: string): boolean {
  if (!/^\d{13}$/.test(id)) return false
  let sum = 0
  for (let i = 0; i < 12; i++) sum += Number(id[i]) * (13 - i)
  return (11 - (sum % 11)) % 10 === Number(id[12])
}

/**
 * The PromptPay proxy of a target: a Thai mobile number (0812345678, +66 81 234 5678; sub-ID 01, as
 * '0066' + the number without its leading 0, 13 digits) or a 13-digit national id or tax id (sub-ID 02).
 * Spaces and dashes are ignored; anything else throws.
 */
export function promptPayProxy(target: string): { id: '01' | '02'; value: string } {
  const compact = target.replace(/[\s-]/g, '')
  const local = compact.startsWith('+66') ? `0${compact.slice(3)}` : compact
  if (/^0[689]\d{8}$/.test(local)) return { id: '01', value: `0066${local.slice(1)}` }
  if (/^\d{13}$/.test(compact)) {
    if (!isThaiIdChecksumValid(compact)) throw new RangeError('PromptPay id has a wrong check digit')
    return { id: '02', value: compact }
  }
  throw new RangeError('PromptPay target must be a Thai mobile number or a 13-digit id')
}

/** Satang as baht with two decimals, without floating point: 123456 → '1234.56'. */
export function formatPromptPayAmount(satang: number): string {
  if (!Number.isSafeInteger(satang) || satang <= 0) throw new RangeError('PromptPay amount must be a positive integer')
  const text = `${Math.floor(satang / 100)}.${String(satang % 100).padStart(2, '0')}`
  if (text.length > MAX_AMOUNT_LENGTH) throw new RangeError('PromptPay amount is too large')
  return text
}

/**
 * The PromptPay QR payload: 00 format, 01 static/dynamic, 29 merchant account (AID + proxy), 53 currency,
 * 54 amount in baht (when given), 58 country, 63 CRC-16 over everything before it including '6304'.
 * `amount` is in satang; omitted = the payer types the amount.
 */
export function promptPayPayload({ target, amount }: { target: string; amount?: number }): string {
  const proxy = promptPayProxy(target)
  const body =
    field('00', PAYLOAD_FORMAT_INDICATOR) +
    field('01', amount === undefined ? POI_METHOD_STATIC : POI_METHOD_DYNAMIC) +
    field('29', field('00', PROMPTPAY_AID) + field(proxy.id, proxy.value)) +
    field('53', CURRENCY_THB_NUMERIC) +
    (amount === undefined ? '' : field('54', formatPromptPayAmount(amount))) +
    field('58', COUNTRY_CODE_TH) +
    '6304'
  return body + crc16ccitt(body)
}
