import { crc16ccitt } from './promptpay'

/**
 * The mini-QR printed on a Thai bank's transfer slip (the banks' slip-verification payload, EMVCo-style TLV): tag 00
 * holds 00 the API id (`000001`), 01 the sending bank's 3-digit code, 02 the transaction reference; 51 is the country
 * (`TH`) and 91 a CRC-16 of what comes before its value. Pure: the server decodes the QR picture, this reads its text.
 */
export type SlipQr = {
  /** The bank's transaction reference: what the verification provider looks up and what may pay only once. */
  transRef: string
  /** The sending bank's code (004 Kasikornbank, 014 SCB …). */
  sendingBank: string
  /** Whether the CRC matched (CRC-16/CCITT-FALSE as PromptPay's): a slip whose CRC fails is still read, and said. */
  crcValid: boolean
}

/** The slip payload's API id (tag 00, sub-tag 00). */
export const SLIP_API_ID = '000001'

/** TLV fields of EMVCo text: two-digit id, two-digit length, value; null when the text is not well formed. */
export function tlvFields(text: string): Map<string, string> | null {
  const fields = new Map<string, string>()
  let at = 0
  while (at < text.length) {
    const id = text.slice(at, at + 2)
    const length = Number(text.slice(at + 2, at + 4))
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(text.slice(at + 2, at + 4))) return null
    const value = text.slice(at + 4, at + 4 + length)
    if (value.length !== length) return null
    fields.set(id, value)
    at += 4 + length
  }
  return fields
}

/** The slip's reading of a QR text, or null when the text is not a Thai bank slip's payload. */
export function parseSlipQr(text: string): SlipQr | null {
  const payload = text.trim()
  const fields = tlvFields(payload)
  const head = fields?.get('00')
  if (!fields || !head) return null
  const inner = tlvFields(head)
  const transRef = inner?.get('02')?.trim() ?? ''
  const sendingBank = inner?.get('01') ?? ''
  if (
    !inner ||
    inner.get('00') !== SLIP_API_ID ||
    !/^\d{3}$/.test(sendingBank) ||
    !/^[0-9A-Za-z]{6,40}$/.test(transRef)
  ) {
    return null
  }
  const crc = fields.get('91')
  const crcValid = crc !== undefined && payload.endsWith(crc) && crc16ccitt(payload.slice(0, -4)) === crc.toUpperCase()
  return { transRef, sendingBank, crcValid }
}

/** A slip payload (the tests' slips, the demo): the reference and bank with the country and a CRC. */
export function slipQrPayload(transRef: string, sendingBank: string): string {
  const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`
  const body =
    field('00', field('00', SLIP_API_ID) + field('01', sendingBank) + field('02', transRef)) +
    field('51', 'TH') +
    '9104'
  return body + crc16ccitt(body)
}

/** The Bank of Thailand's codes of the banks a slip names (the sending and receiving bank). */
export const THAI_BANK_CODES: Readonly<Record<string, string>> = {
  '002': 'Bangkok Bank',
  '004': 'Kasikornbank',
  '006': 'Krungthai Bank',
  '011': 'TMBThanachart Bank',
  '014': 'Siam Commercial Bank',
  '022': 'CIMB Thai Bank',
  '024': 'UOB (Thai)',
  '025': 'Krungsri (Bank of Ayudhya)',
  '030': 'Government Savings Bank',
  '067': 'TISCO Bank',
  '069': 'Kiatnakin Phatra Bank',
  '073': 'Land and Houses Bank',
}
