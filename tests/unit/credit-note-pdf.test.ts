import { describe, expect, it } from 'vitest'
import { renderCreditNotePdf } from '~/api/commerce/credit-note-pdf.server'
import { renderTaxInvoicePdf } from '~/api/commerce/tax-invoice-pdf.server'
import type { CreditNoteLine } from '~/db/schema'
import { asPdfText, pdfText } from '../pdf-text'

const seller = {
  name: 'บริษัท อาซา จำกัด',
  address: '99 ถนนสุขุมวิท กรุงเทพมหานคร 10110',
  taxId: '0105561234567',
  branch: '00000',
}
const buyer = { name: 'สมศรี ใจดี', address: '1 ถนนพหลโยธิน กรุงเทพมหานคร 10900', taxId: '1234567890121', branch: null }
const line = (index: number): CreditNoteLine => ({
  sku: `SKU-${index}`,
  nameTh: `ชุดเดรสผ้าไหม ${index}`,
  nameEn: `Silk dress ${index}`,
  size: 'M',
  quantity: 1,
  unitPrice: 159_000,
  amount: 159_000,
})

/** The credit note and the tax invoice are drawn by one module (thai-document-pdf.server.ts). */
describe('the Thai documents', () => {
  it('carry a long credit note over to a second page, every piece and the reason printed once', async () => {
    const lines = Array.from({ length: 30 }, (_, index) => line(index + 1))
    const total = 30 * 159_000
    const pdf = await pdfText(
      await renderCreditNotePdf({
        number: 'CN0000007',
        issuedAt: new Date('2026-11-27T03:00:00Z'),
        content: {
          orderNumber: 'AS2611-00042',
          invoiceNumber: 'INV0000012',
          invoiceDate: '2026-11-20T03:00:00.000Z',
          currency: 'thb',
          seller,
          buyer,
          reason: { th: 'รับคืนสินค้า', en: 'Goods returned' },
          lines,
          goods: total,
          discount: 0,
          originalValue: total,
          correctValue: 0,
          difference: total,
          vat: Math.round((total * 7) / 107),
          total,
          vatRatePercent: 7,
        },
      }),
    )
    expect(pdf.pages.length).toBeGreaterThan(1)
    expect(pdf.pages[0]).toContain(asPdfText('ใบลดหนี้'))
    expect(pdf.text).toContain(asPdfText('อ้างถึงใบกำกับภาษีเลขที่ / Tax invoice No.: INV0000012'))
    for (const piece of lines) expect(pdf.text.split(piece.nameEn + ' ').length - 1, piece.nameEn).toBe(1)
    expect(pdf.pages.at(-1)).toContain(asPdfText('รวมลดหนี้ทั้งสิ้น / Total credited'))
    expect(pdf.pages.at(-1)).toContain(asPdfText('รับคืนสินค้า / Goods returned'))
  })

  it('give the tax invoice its own title, figures and no reason', async () => {
    const pdf = await pdfText(
      await renderTaxInvoicePdf({
        number: 'INV0000012',
        issuedAt: new Date('2026-11-20T03:00:00Z'),
        content: {
          orderNumber: 'AS2611-00042',
          orderDate: '2026-11-20T02:00:00.000Z',
          currency: 'thb',
          seller,
          buyer,
          lines: [line(1)],
          goods: 159_000,
          discount: 0,
          shippingFee: 0,
          netOfVat: 148_598,
          vat: 10_402,
          total: 159_000,
          vatRatePercent: 7,
        },
      }),
    )
    expect(pdf.pages).toHaveLength(1)
    expect(pdf.text).toContain(asPdfText('ใบกำกับภาษี'))
    expect(pdf.text).toContain(asPdfText('จำนวนเงินรวมทั้งสิ้น / Total 1,590.00'))
    expect(pdf.text).not.toContain('Reason')
  })
})
