import { describe, expect, it } from 'vitest'
import { createI18n } from '~/i18n/catalogs'
import { MONTHLY_CODE_CAP_THB } from '~/domain/membership'
import { formatWholeUnits } from '~/domain/whole-units'
import { PROMOTION_MINIMUM_THB } from '~/domain/promotions'
import { promotionCodeMessage } from './code-messages'

describe('why a code does not apply, in words', () => {
  it('names the §9 minimum and the monthly cap from the domain’s constants, in both languages', async () => {
    const [en, th] = await Promise.all([createI18n('en'), createI18n('th')])
    expect(promotionCodeMessage(en, 'minimum')).toBe(
      'This code needs a purchase of 1,000 THB or more (sale items do not count).',
    )
    expect(promotionCodeMessage(th, 'minimum')).toBe('โค้ดนี้ใช้ได้เมื่อซื้อครบ 1,000 บาทขึ้นไป (ไม่นับสินค้าลดราคา)')
    expect(promotionCodeMessage(en, 'monthlyCap')).toBe('This month’s member discount of 2,000 THB is used up.')
    expect(promotionCodeMessage(th, 'monthlyCap')).toBe('ส่วนลดสมาชิก 2,000 บาทของเดือนนี้ใช้ครบแล้ว')
    // The figures are the constants', not the message's: 1,000 and 2,000 THB as §9 sets them today.
    expect(formatWholeUnits(PROMOTION_MINIMUM_THB)).toBe('1,000')
    expect(formatWholeUnits(MONTHLY_CODE_CAP_THB)).toBe('2,000')
  })

  it('names a code’s own minimum when the quote gives it (a code made in the back office), in its currency', async () => {
    const [en, th] = await Promise.all([createI18n('en'), createI18n('th')])
    expect(promotionCodeMessage(en, 'minimum', { amount: 1_500_00, currency: 'thb' })).toBe(
      'This code needs a purchase of 1,500 THB or more (sale items do not count).',
    )
    expect(promotionCodeMessage(th, 'minimum', { amount: 500_00, currency: 'thb' })).toBe(
      'โค้ดนี้ใช้ได้เมื่อซื้อครบ 500 บาทขึ้นไป (ไม่นับสินค้าลดราคา)',
    )
    expect(promotionCodeMessage(en, 'minimum', { amount: 50_00, currency: 'usd' })).toBe(
      'This code needs a purchase of 50 USD or more (sale items do not count).',
    )
    expect(promotionCodeMessage(th, 'minimum', { amount: 50_00, currency: 'usd' })).toBe(
      'โค้ดนี้ใช้ได้เมื่อซื้อครบ 50 ดอลลาร์สหรัฐขึ้นไป (ไม่นับสินค้าลดราคา)',
    )
  })

  it('writes whole units with thousands separators and no sign', () => {
    expect(formatWholeUnits(50_00)).toBe('50')
    expect(formatWholeUnits(30_000_00)).toBe('30,000')
    expect(formatWholeUnits(20_00, 'usd')).toBe('20')
  })
})
