/**
 * A full Thai tax invoice as an A4 PDF (decision 105), in Thai with English labels, drawn as the shop's Thai
 * documents are (thai-document-pdf.server.ts): the seller and the buyer with their tax IDs and branches, the number
 * and date, the goods, the VAT apart from the value of the goods, and the total.
 */
import type { TaxInvoiceContent } from '~/db/schema'
import type { DiscountKind } from '~/domain/orders'
import { formatBaht } from '~/domain/tax-invoice'
import { bothDates, renderThaiDocument, type Figure } from './thai-document-pdf.server'

export type IssuedTaxInvoice = { number: string; issuedAt: Date; content: TaxInvoiceContent }

/** A discount as the invoice names it, in Thai and English (issue 29 item 7); null: one line of before. */
function discountLabel(discount: { kind: DiscountKind | null; code: string | null }): string {
  const code = discount.code ?? ''
  switch (discount.kind) {
    case 'mix_match':
      return 'ส่วนลดมิกซ์แอนด์แมทช์ / Mix and match'
    case 'code':
      return `ส่วนลดโค้ด ${code} / Discount code ${code}`
    case 'tier':
      return `ส่วนลดสมาชิก ${code} / Member discount ${code}`
    case 'birth_month':
      return `ส่วนลดเดือนเกิด ${code} / Birth-month discount ${code}`
    default:
      return 'ส่วนลด / Discount'
  }
}

/** Draws a tax invoice and resolves with the PDF's bytes. */
export function renderTaxInvoicePdf(invoice: IssuedTaxInvoice): Promise<Buffer> {
  const { content } = invoice
  const figures: Figure[] = [['รวมเป็นเงิน / Goods total', formatBaht(content.goods), false]]
  // Each discount with its name (issue 29 item 7); an invoice issued before the lines prints the one it stored.
  const discounts = content.discounts ?? [{ kind: null, code: null, amount: content.discount }]
  for (const discount of discounts) {
    if (discount.amount > 0) figures.push([discountLabel(discount), `-${formatBaht(discount.amount)}`, false])
  }
  figures.push(
    ['ค่าจัดส่ง / Shipping', formatBaht(content.shippingFee), false],
    ['มูลค่าก่อนภาษีมูลค่าเพิ่ม / Value before VAT', formatBaht(content.netOfVat), false],
    [`ภาษีมูลค่าเพิ่ม ${content.vatRatePercent}% / VAT ${content.vatRatePercent}%`, formatBaht(content.vat), false],
    ['จำนวนเงินรวมทั้งสิ้น / Total', formatBaht(content.total), true],
  )
  return renderThaiDocument({
    title: { th: 'ใบกำกับภาษี', en: 'Tax Invoice' },
    number: invoice.number,
    issuedAt: invoice.issuedAt,
    subject: `Order ${content.orderNumber}`,
    seller: content.seller,
    buyer: content.buyer,
    facts: [
      ['เลขที่ / No.', invoice.number],
      ['วันที่ / Date', bothDates(invoice.issuedAt)],
      ['คำสั่งซื้อ / Order', content.orderNumber],
    ],
    titleShare: 0.42,
    goodsColumn: { th: 'รายการ', en: 'Description' },
    lines: content.lines,
    figures,
    labelShare: 0.4,
  })
}
