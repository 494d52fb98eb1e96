import { describe, expect, it } from 'vitest'
import { DEADLINE_PASSED_NOTE, paymentOutcome } from './payment-outcome'

const order = (overrides: Partial<Parameters<typeof paymentOutcome>[0]>) => ({
  status: 'awaiting_payment',
  paymentMethod: 'card',
  payment: { status: 'pending' },
  events: [{ status: 'awaiting_payment', note: null }],
  ...overrides,
})

describe('paymentOutcome', () => {
  it('tells a declined, a cancelled and a pending card payment apart', () => {
    expect(paymentOutcome(order({ payment: { status: 'failed' } }))).toBe('declined')
    expect(paymentOutcome(order({ payment: { status: 'cancelled' } }))).toBe('cancelled')
    expect(paymentOutcome(order({ payment: { status: 'pending' } }))).toBe('pending')
    expect(paymentOutcome(order({ payment: null }))).toBe('pending')
    expect(paymentOutcome(order({ paymentMethod: 'paypal', payment: { status: 'failed' } }))).toBe('declined')
  })

  it('awaits a bank transfer whatever its payment row says', () => {
    expect(paymentOutcome(order({ paymentMethod: 'bank_transfer' }))).toBe('awaitingTransfer')
  })

  it('says an order was cancelled by its deadline only when it was', () => {
    const cancelled = (note: string | null) =>
      order({
        status: 'cancelled',
        paymentMethod: 'bank_transfer',
        events: [
          { status: 'awaiting_payment', note: null },
          { status: 'cancelled', note },
        ],
      })
    expect(paymentOutcome(cancelled(DEADLINE_PASSED_NOTE))).toBe('expired')
    expect(paymentOutcome(cancelled('Cancelled by the shopper'))).toBe('settled')
    expect(paymentOutcome(order({ status: 'paid', payment: { status: 'paid' } }))).toBe('settled')
  })
})
