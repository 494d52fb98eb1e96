import { describe, expect, it } from 'vitest'
import { bahtToSatang, maskedMatches, paidToShop, slipMismatch, type SlipReading } from './slip-match'

const shop = { accountNumber: '123-4-56789-0', promptPayId: '0812345678' }
const placedAt = new Date('2026-11-27T10:00:00.400Z')
const reading: SlipReading = {
  transRef: '016331141051BTF04321',
  amount: 125050,
  transferredAt: '2026-11-27T10:05:00.000Z',
  sendingBank: '004',
  receivingBank: '004',
  receiverAccount: 'xxx-x-x6789-x',
  receiverProxy: null,
  senderName: 'นาย สมชาย ใ',
  receiverName: 'บจก. อาเตอลิเย่ร์',
}

describe('slipMismatch', () => {
  it('passes a slip of the amount due, to the shop, after the order', () => {
    expect(slipMismatch(reading, { amountDue: 125050, placedAt }, shop)).toBeNull()
  })

  it('names each rule a slip breaks', () => {
    expect(slipMismatch(reading, { amountDue: 125000, placedAt }, shop)).toBe('amount_differs')
    expect(slipMismatch({ ...reading, receiverAccount: 'xxx-x-x9999-x' }, { amountDue: 125050, placedAt }, shop)).toBe(
      'receiver_differs',
    )
    expect(
      slipMismatch({ ...reading, transferredAt: '2026-11-27T09:59:59.000Z' }, { amountDue: 125050, placedAt }, shop),
    ).toBe('before_order')
    expect(slipMismatch({ ...reading, transferredAt: 'yesterday' }, { amountDue: 125050, placedAt }, shop)).toBe(
      'before_order',
    )
  })

  it('takes a transfer made in the second the order was placed (slips show no milliseconds)', () => {
    expect(
      slipMismatch({ ...reading, transferredAt: '2026-11-27T10:00:00.000Z' }, { amountDue: 125050, placedAt }, shop),
    ).toBeNull()
  })
})

describe('the shop as receiver', () => {
  it('matches a masked account by the digits it shows, never a fully masked one', () => {
    expect(maskedMatches('xxx-x-x6789-x', '123-4-56789-0')).toBe(true)
    expect(maskedMatches('123-4-56789-0', '1234567890')).toBe(true)
    expect(maskedMatches('xxx-x-x6788-x', '123-4-56789-0')).toBe(false)
    expect(maskedMatches('xxx-x-xxxxx-x', '123-4-56789-0')).toBe(false)
    expect(maskedMatches('xx-x-x6789-x', '123-4-56789-0')).toBe(false)
  })

  it('matches the PromptPay id in each way a mobile number is written', () => {
    const viaProxy = { receiverAccount: null }
    expect(paidToShop({ ...viaProxy, receiverProxy: 'xxx-xxx-5678' }, shop)).toBe(true)
    expect(paidToShop({ ...viaProxy, receiverProxy: '66812xxx678' }, shop)).toBe(true)
    expect(paidToShop({ ...viaProxy, receiverProxy: '0066812xxx678' }, shop)).toBe(true)
    expect(paidToShop({ ...viaProxy, receiverProxy: 'xxx-xxx-5679' }, shop)).toBe(false)
    expect(paidToShop({ receiverAccount: null, receiverProxy: null }, shop)).toBe(false)
  })
})

it('reads baht as satang without drift', () => {
  expect(bahtToSatang(1250.5)).toBe(125050)
  expect(bahtToSatang(0.29)).toBe(29)
  expect(bahtToSatang(19.99)).toBe(1999)
})
