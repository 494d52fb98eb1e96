/**
 * A credit note (ใบลดหนี้, Revenue Code §86/10) as an A4 PDF, drawn as the tax invoice is (thai-document-pdf.server.ts,
 * decision 105): the words "ใบลดหนี้", the seller and the buyer, its number and date, the original tax invoice's
 * number and date, the returned pieces, the value on the invoice, the right value, the difference and its VAT, and
 * the reason.
 */
import type { CreditNoteContent } from '~/db/schema'
import { formatBaht } from '~/domain/tax-invoice'
import { bothDates, renderThaiDocument, type Figure } from './thai-document-pdf.server'

export type IssuedCreditNote = { number: string; issuedAt: Date; content: CreditNoteContent }

/** Draws a credit note and resolves with the PDF's bytes. */
export function renderCreditNotePdf(note: IssuedCreditNote): Promise<Buffer> {
  const { content } = note
  const figures: Figure[] = [['รวมเป็นเงิน / Goods returned', formatBaht(content.goods), false]]
  if (content.discount > 0) {
    figures.push(['หักส่วนลดตามสัดส่วน / Their share of discounts', `-${formatBaht(content.discount)}`, false])
  }
  figures.push(
    ['มูลค่าสินค้าตามใบกำกับภาษีเดิม / Value on the original invoice', formatBaht(content.originalValue), false],
    ['มูลค่าสินค้าที่ถูกต้อง / Correct value', formatBaht(content.correctValue), false],
    ['ผลต่าง / Difference', formatBaht(content.difference), false],
    [`ภาษีมูลค่าเพิ่ม ${content.vatRatePercent}% / VAT ${content.vatRatePercent}%`, formatBaht(content.vat), false],
    ['รวมลดหนี้ทั้งสิ้น / Total credited', formatBaht(content.total), true],
  )
  return renderThaiDocument({
    title: { th: 'ใบลดหนี้', en: 'Credit Note' },
    number: note.number,
    issuedAt: note.issuedAt,
    subject: `Order ${content.orderNumber}, tax invoice ${content.invoiceNumber}`,
    seller: content.seller,
    buyer: content.buyer,
    facts: [
      ['เลขที่ / No.', note.number],
      ['วันที่ / Date', bothDates(note.issuedAt)],
      ['อ้างถึงใบกำกับภาษีเลขที่ / Tax invoice No.', content.invoiceNumber],
      ['ลงวันที่ / Dated', bothDates(new Date(content.invoiceDate))],
      ['คำสั่งซื้อ / Order', content.orderNumber],
    ],
    titleShare: 0.45,
    goodsColumn: { th: 'รายการที่รับคืน', en: 'Goods returned' },
    lines: content.lines,
    figures,
    labelShare: 0.5,
    note: { title: 'เหตุที่ลดหนี้ / Reason', text: `${content.reason.th} / ${content.reason.en}` },
  })
}
