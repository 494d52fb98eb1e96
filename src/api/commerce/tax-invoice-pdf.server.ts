/**
 * A full Thai tax invoice as an A4 PDF (docs/decisions/105), in Thai with English labels. pdfkit lays the text out
 * with fontkit, which applies the font's OpenType tables: Thai vowels and tone marks are stacked and moved by the
 * font's mark positioning, and each glyph is mapped back to its characters (ToUnicode), so the text can be copied
 * and searched. The font is Sarabun (SIL Open Font License), embedded as a subset.
 */
import PDFDocument from 'pdfkit'
import sarabunBoldUrl from '@expo-google-fonts/sarabun/700Bold/Sarabun_700Bold.ttf?inline'
import sarabunRegularUrl from '@expo-google-fonts/sarabun/400Regular/Sarabun_400Regular.ttf?inline'
import type { TaxInvoiceContent, TaxInvoiceParty } from '~/db/schema'
import { branchLabel, formatBaht, formatTaxId } from '~/domain/tax-invoice'
import type { DiscountKind } from '~/domain/orders'

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

export type IssuedTaxInvoice = { number: string; issuedAt: Date; content: TaxInvoiceContent }

/** The bytes of a font bundled as a data: URL (Vite's ?inline), read once. */
function fontBytes(dataUrl: string): Buffer {
  const comma = dataUrl.indexOf(',')
  return Buffer.from(dataUrl.slice(comma + 1), 'base64')
}

let fonts: { regular: Buffer; bold: Buffer } | null = null
/** Sarabun regular and bold, as embedded. */
export function sarabun(): { regular: Buffer; bold: Buffer } {
  fonts ??= { regular: fontBytes(sarabunRegularUrl), bold: fontBytes(sarabunBoldUrl) }
  return fonts
}

/**
 * Text as the PDF carries it. SARA AM (ำ) is drawn by the font as two glyphs, NIKHAHIT and SARA AA, and a glyph
 * maps to one text in ToUnicode: left whole, a copied ำ came out as ำา. Written as its Unicode compatibility
 * decomposition (U+0E4D U+0E32), it is shaped the same and copies as ํา, the same text under NFKC.
 */
export function pdfText(text: string): string {
  return text.replace(/\u0E33/g, '\u0E4D\u0E32')
}

const A4 = { width: 595.28, height: 841.89 }
const MARGIN = 40
const CONTENT_WIDTH = A4.width - 2 * MARGIN
const INK = '#111111'
const MUTED = '#555555'
const RULE = '#999999'

/** A date of issue in Thai (Buddhist era) and English, in Bangkok. */
function issueDate(date: Date): { th: string; en: string } {
  const options: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Bangkok',
  }
  return {
    th: new Intl.DateTimeFormat('th-TH', options).format(date),
    en: new Intl.DateTimeFormat('en-GB', options).format(date),
  }
}

/** Draws a tax invoice and resolves with the PDF's bytes. */
export function renderTaxInvoicePdf(invoice: IssuedTaxInvoice): Promise<Buffer> {
  const { content } = invoice
  const font = sarabun()
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: 'th-TH',
    info: {
      Title: `ใบกำกับภาษี / Tax Invoice ${invoice.number}`,
      Author: content.seller.name,
      Subject: `Order ${content.orderNumber}`,
      CreationDate: invoice.issuedAt,
    },
  })
  doc.registerFont('regular', font.regular)
  doc.registerFont('bold', font.bold)
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })

  const write = (
    text: string,
    x: number,
    y: number,
    options: { width?: number; align?: 'left' | 'right' | 'center'; size?: number; bold?: boolean; color?: string },
  ): number => {
    doc
      .font(options.bold ? 'bold' : 'regular')
      .fontSize(options.size ?? 9)
      .fillColor(options.color ?? INK)
    doc.text(pdfText(text), x, y, { width: options.width, align: options.align ?? 'left', lineGap: 1 })
    return doc.y
  }

  // The seller (left) and the document's title, number and date (right).
  const rightX = MARGIN + CONTENT_WIDTH * 0.58
  const rightWidth = CONTENT_WIDTH * 0.42
  const leftWidth = CONTENT_WIDTH * 0.55
  let left = write(content.seller.name, MARGIN, MARGIN, { width: leftWidth, size: 12, bold: true })
  left = write(content.seller.address, MARGIN, left + 2, { width: leftWidth })
  left = partyIds(content.seller, MARGIN, left + 2, leftWidth)

  let right = write('ใบกำกับภาษี', rightX, MARGIN, { width: rightWidth, align: 'right', size: 20, bold: true })
  right = write('Tax Invoice', rightX, right - 2, { width: rightWidth, align: 'right', size: 12, bold: true })
  right = write('ต้นฉบับ / Original', rightX, right, { width: rightWidth, align: 'right', color: MUTED })
  const dates = issueDate(invoice.issuedAt)
  right = facts(
    [
      ['เลขที่ / No.', invoice.number],
      ['วันที่ / Date', `${dates.th} (${dates.en})`],
      ['คำสั่งซื้อ / Order', content.orderNumber],
    ],
    rightX,
    right + 6,
    rightWidth,
  )

  // The buyer.
  let y = Math.max(left, right) + 14
  rule(y)
  y = write('ผู้ซื้อ / Buyer', MARGIN, y + 6, { bold: true, size: 10 })
  y = write(content.buyer.name, MARGIN, y + 1, { width: CONTENT_WIDTH, size: 10 })
  y = write(content.buyer.address, MARGIN, y + 1, { width: CONTENT_WIDTH })
  y = partyIds(content.buyer, MARGIN, y + 2, CONTENT_WIDTH)
  y += 10

  // The goods: number, description, quantity, unit price, amount (VAT included, as paid).
  const columns = [
    { th: 'ลำดับ', en: 'No.', width: 0.07, align: 'center' as const },
    { th: 'รายการ', en: 'Description', width: 0.47, align: 'left' as const },
    { th: 'จำนวน', en: 'Quantity', width: 0.1, align: 'right' as const },
    { th: 'ราคาต่อหน่วย', en: 'Unit price', width: 0.16, align: 'right' as const },
    { th: 'จำนวนเงิน', en: 'Amount', width: 0.2, align: 'right' as const },
  ]
  const columnX: number[] = []
  let x = MARGIN
  for (const column of columns) {
    columnX.push(x)
    x += column.width * CONTENT_WIDTH
  }
  const cell = (index: number) => {
    const column = columns[index]
    return { x: (columnX[index] ?? MARGIN) + 3, width: (column?.width ?? 0) * CONTENT_WIDTH - 6, align: column?.align }
  }
  rule(y)
  let headerBottom = y
  columns.forEach((column, index) => {
    const at = cell(index)
    const bottom = write(`${column.th}\n${column.en}`, at.x, y + 4, { width: at.width, align: at.align, bold: true })
    headerBottom = Math.max(headerBottom, bottom)
  })
  y = headerBottom + 4
  rule(y)
  content.lines.forEach((line, index) => {
    if (y > A4.height - 220) {
      doc.addPage()
      y = MARGIN
    }
    const top = y + 4
    let bottom = top
    const size = line.size && line.size !== 'OS' ? ` (${line.size})` : ''
    bottom = Math.max(bottom, write(String(index + 1), cell(0).x, top, { width: cell(0).width, align: 'center' }))
    const described = write(`${line.nameTh}${size}`, cell(1).x, top, { width: cell(1).width })
    bottom = Math.max(bottom, write(line.nameEn, cell(1).x, described, { width: cell(1).width, color: MUTED }))
    bottom = Math.max(bottom, write(String(line.quantity), cell(2).x, top, { width: cell(2).width, align: 'right' }))
    bottom = Math.max(
      bottom,
      write(formatBaht(line.unitPrice), cell(3).x, top, { width: cell(3).width, align: 'right' }),
    )
    bottom = Math.max(bottom, write(formatBaht(line.amount), cell(4).x, top, { width: cell(4).width, align: 'right' }))
    y = bottom + 4
    rule(y, 0.3)
  })

  // The figures: the VAT apart from the value of the goods, then the total.
  y += 8
  const rows: Array<[string, string, boolean]> = [['รวมเป็นเงิน / Goods total', formatBaht(content.goods), false]]
  // Each discount with its name (issue 29 item 7); an invoice issued before the lines prints the one it stored.
  const discounts = content.discounts ?? [{ kind: null, code: null, amount: content.discount }]
  for (const discount of discounts) {
    if (discount.amount > 0) rows.push([discountLabel(discount), `-${formatBaht(discount.amount)}`, false])
  }
  rows.push(['ค่าจัดส่ง / Shipping', formatBaht(content.shippingFee), false])
  rows.push(['มูลค่าก่อนภาษีมูลค่าเพิ่ม / Value before VAT', formatBaht(content.netOfVat), false])
  rows.push([`ภาษีมูลค่าเพิ่ม ${content.vatRatePercent}% / VAT ${content.vatRatePercent}%`, formatBaht(content.vat), false])
  rows.push(['จำนวนเงินรวมทั้งสิ้น / Total', formatBaht(content.total), true])
  const labelX = MARGIN + CONTENT_WIDTH * 0.4
  const labelWidth = CONTENT_WIDTH * 0.4
  const amountX = labelX + labelWidth
  const amountWidth = CONTENT_WIDTH * 0.2 - 3
  for (const [label, amount, strong] of rows) {
    if (strong) {
      y += 3
      rule(y - 2, 0.8, labelX)
      y += 2
    }
    const bottom = write(label, labelX, y, {
      width: labelWidth - 6,
      align: 'right',
      bold: strong,
      size: strong ? 10 : 9,
    })
    write(amount, amountX, y, { width: amountWidth, align: 'right', bold: strong, size: strong ? 10 : 9 })
    y = bottom + 3
  }
  y = write('จำนวนเงินเป็นบาท / Amounts in Thai baht (THB)', labelX, y + 2, {
    width: CONTENT_WIDTH * 0.6 - 3,
    align: 'right',
    color: MUTED,
    size: 8,
  })

  y += 18
  write(
    'ราคาสินค้ารวมภาษีมูลค่าเพิ่มแล้ว เอกสารนี้ออกโดยระบบคอมพิวเตอร์\n' +
      'Prices include VAT. This document was issued by computer.',
    MARGIN,
    y,
    { width: CONTENT_WIDTH, color: MUTED, size: 8 },
  )

  doc.end()
  return done

  function rule(at: number, weight = 0.6, from = MARGIN) {
    doc
      .moveTo(from, at)
      .lineTo(MARGIN + CONTENT_WIDTH, at)
      .lineWidth(weight)
      .strokeColor(RULE)
      .stroke()
  }

  /** Tax ID and branch of a party, each with its Thai and English label. */
  function partyIds(party: TaxInvoiceParty, atX: number, atY: number, width: number): number {
    let bottom = write(`เลขประจำตัวผู้เสียภาษี / Tax ID: ${formatTaxId(party.taxId)}`, atX, atY, { width })
    if (party.branch) {
      const branch = branchLabel(party.branch)
      bottom = write(`สาขา / Branch: ${branch.th} (${branch.en})`, atX, bottom, { width })
    }
    return bottom
  }

  /** Label and value pairs, right-aligned. */
  function facts(pairs: Array<[string, string]>, atX: number, atY: number, width: number): number {
    let bottom = atY
    for (const [label, value] of pairs) bottom = write(`${label}: ${value}`, atX, bottom, { width, align: 'right' })
    return bottom
  }
}
