import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  crc16ccitt,
  formatPromptPayAmount,
  isThaiIdChecksumValid,
  promptPayPayload,
  promptPayProxy,
  PROMPTPAY_AID,
} from './promptpay'

/** Reads TLV fields back: two-digit ID, two-digit length, value; throws on a malformed string. */
function parseTlv(text: string): Array<[string, string]> {
  const fields: Array<[string, string]> = []
  let at = 0
  while (at < text.length) {
    const id = text.slice(at, at + 2)
    const length = Number(text.slice(at + 2, at + 4))
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length) || at + 4 + length > text.length) {
      throw new Error(`malformed TLV at ${at}`)
    }
    fields.push([id, text.slice(at + 4, at + 4 + length)])
    at += 4 + length
  }
  return fields
}

/** A synthetic 13-digit id with a valid check digit (1·13 + 2·12 + … + 2·2 = 352 ≡ 0 mod 11 → 1). */
const VALID_ID = '1234567890121'

describe('crc16ccitt', () => {
  it('matches the CRC-16/CCITT-FALSE check value', () => {
    expect(crc16ccitt('123456789')).toBe('29B1')
    expect(crc16ccitt('')).toBe('FFFF')
  })

  it('matches published PromptPay payloads (their CRC over everything before it)', () => {
    for (const payload of [
      '00020101021129370016A000000677010111011300668012345675802TH530376463046197',
      '00020101021129370016A000000677010111021301234567890125802TH530376463040CBD',
      '00020101021229370016A000000677010111011300660000000005802TH530376454044.226304E469',
    ]) {
      expect(crc16ccitt(payload.slice(0, -4))).toBe(payload.slice(-4))
    }
  })

  it('pads to four upper-case hex digits', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii', maxLength: 40 }), (text) => {
        expect(crc16ccitt(text)).toMatch(/^[0-9A-F]{4}$/)
      }),
    )
  })
})

describe('promptPayPayload', () => {
  it('builds a static payload for a mobile number', () => {
    const payload = promptPayPayload({ target: '0812345678' })
    expect(payload).toBe(
      `00020101021129370016${PROMPTPAY_AID}0113006681234567853037645802TH6304${crc16ccitt(
        `00020101021129370016${PROMPTPAY_AID}0113006681234567853037645802TH6304`,
      )}`,
    )
    expect(parseTlv(payload)).toEqual([
      ['00', '01'],
      ['01', '11'],
      ['29', `0016${PROMPTPAY_AID}01130066812345678`],
      ['53', '764'],
      ['58', 'TH'],
      ['63', crc16ccitt(payload.slice(0, -4))],
    ])
    expect(parseTlv(parseTlv(payload)[2]?.[1] ?? '')).toEqual([
      ['00', PROMPTPAY_AID],
      ['01', '0066812345678'],
    ])
  })

  it('builds a dynamic payload with the amount in baht', () => {
    const payload = promptPayPayload({ target: '081-234-5678', amount: 123_456 })
    const fields = parseTlv(payload)
    expect(fields.map(([id]) => id)).toEqual(['00', '01', '29', '53', '54', '58', '63'])
    expect(Object.fromEntries(fields)).toMatchObject({ '01': '12', '54': '1234.56', '53': '764', '58': 'TH' })
    expect(payload.endsWith(`6304${crc16ccitt(payload.slice(0, -4))}`)).toBe(true)
  })

  it('uses sub-ID 02 for a 13-digit national or tax id', () => {
    const fields = parseTlv(promptPayPayload({ target: '1-2345-67890-12-1' }))
    expect(parseTlv(fields[2]?.[1] ?? '')).toEqual([
      ['00', PROMPTPAY_AID],
      ['02', VALID_ID],
    ])
  })

  it('accepts a mobile number in international form', () => {
    expect(promptPayProxy('+66 81 234 5678')).toEqual({ id: '01', value: '0066812345678' })
    expect(promptPayProxy('0912345678')).toEqual({ id: '01', value: '0066912345678' })
    expect(promptPayProxy(VALID_ID)).toEqual({ id: '02', value: VALID_ID })
  })

  it.each(['', '081234567', '08123456789', '0212345678', 'O812345678', '1234567890123', '12345678901234', 'abc'])(
    'refuses the target %j',
    (target) => {
      expect(() => promptPayPayload({ target })).toThrow(RangeError)
    },
  )

  it.each([0, -100, 12.5, Number.MAX_SAFE_INTEGER])('refuses the amount %j', (amount) => {
    expect(() => promptPayPayload({ target: '0812345678', amount })).toThrow(RangeError)
  })

  it('parses back with a valid CRC for any amount and valid target (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('0812345678', '0612345678', '0998765432', VALID_ID),
        fc.option(fc.integer({ min: 1, max: 99_999_999_999 }), { nil: undefined }),
        (target, amount) => {
          const payload = promptPayPayload({ target, amount })
          const fields = parseTlv(payload)
          expect(fields.at(-1)?.[0]).toBe('63')
          expect(fields.at(-1)?.[1]).toBe(crc16ccitt(payload.slice(0, -4)))
          const amountField = fields.find(([id]) => id === '54')?.[1]
          if (amount === undefined) expect(amountField).toBeUndefined()
          else expect(Math.round(Number(amountField) * 100)).toBe(amount)
        },
      ),
    )
  })
})

describe('formatPromptPayAmount', () => {
  it('formats satang as baht with two decimals', () => {
    expect(formatPromptPayAmount(123_456)).toBe('1234.56')
    expect(formatPromptPayAmount(1)).toBe('0.01')
    expect(formatPromptPayAmount(100)).toBe('1.00')
    expect(formatPromptPayAmount(1_990_00)).toBe('1990.00')
  })
})

describe('isThaiIdChecksumValid', () => {
  it('checks the mod-11 check digit', () => {
    expect(isThaiIdChecksumValid(VALID_ID)).toBe(true)
    expect(isThaiIdChecksumValid('1234567890122')).toBe(false)
    expect(isThaiIdChecksumValid('1111111111111')).toBe(false)
    expect(isThaiIdChecksumValid('123')).toBe(false)
  })
})
