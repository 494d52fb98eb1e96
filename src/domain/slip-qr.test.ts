import { describe, expect, it } from 'vitest'
import { parseSlipQr, slipQrPayload, tlvFields } from './slip-qr'
import { promptPayPayload } from './promptpay'

describe('parseSlipQr', () => {
  it('reads the reference and sending bank of a slip payload, its CRC checked', () => {
    const payload = slipQrPayload('016331141051BTF04321', '004')
    expect(payload).toMatch(/^0041000600000101030040220016331141051BTF043215102TH9104[0-9A-F]{4}$/)
    expect(parseSlipQr(payload)).toEqual({ transRef: '016331141051BTF04321', sendingBank: '004', crcValid: true })
  })

  it('still reads a slip whose CRC is wrong, and says so', () => {
    const payload = slipQrPayload('20261127ABC123', '014')
    const broken = `${payload.slice(0, -4)}0000`
    expect(parseSlipQr(broken)).toEqual({ transRef: '20261127ABC123', sendingBank: '014', crcValid: false })
  })

  it('refuses what is not a slip: a PromptPay payment QR, a web address, broken TLV, a wrong API id', () => {
    expect(parseSlipQr(promptPayPayload({ target: '0812345678', amount: 10000 }))).toBeNull()
    expect(parseSlipQr('https://example.com/slip')).toBeNull()
    expect(parseSlipQr('0099000600000101')).toBeNull()
    expect(parseSlipQr('')).toBeNull()
    const wrongApi = slipQrPayload('20261127ABC123', '014').replace('000001', '000002')
    expect(parseSlipQr(wrongApi)).toBeNull()
  })
})

it('splits TLV text and refuses a truncated one', () => {
  expect(tlvFields('0002AB0103xyz')).toEqual(
    new Map([
      ['00', 'AB'],
      ['01', 'xyz'],
    ]),
  )
  expect(tlvFields('0005AB')).toBeNull()
})
