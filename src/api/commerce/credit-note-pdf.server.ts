/**
 * A credit note (ใบลดหนี้, Revenue Code §86/10) as an A4 PDF, laid out like the tax invoice (decision 105: pdfkit,
 * Sarabun embedded, Thai with English labels): the words "ใบลดหนี้", the seller and the buyer, its number and date,
 * the original tax invoice's number and date, the returned pieces, the value on the invoice, the right value, the
 * difference and its VAT, and the reason.
 */
import PDFDocument from 'pdfkit'
import type { CreditNoteContent, TaxInvoiceParty } from '~/db/schema'
import { branchLabel, formatBaht, formatTaxId } from '~/domain/tax-invoice'
import { pdfText, sarabun } from './tax-invoice-pdf.server'

export type IssuedCreditNote = { number: string; issuedAt: Date; content: CreditNoteContent }

const A4 = { width: 595.28, height: 841.89 }
const MARGIN = 40
const CONTENT_WIDTH = A4.width - 2 * MARGIN
const INK = '#111111'
const MUTED = '#555555'
const RULE = '#999999'

/** A date in Thai (Buddhist era) and English, in Bangkok. */
function bothDates(date: Date): string {
  const options: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Bangkok',
  }
  return `${new Intl.DateTimeFormat('th-TH', options).format(date)} (${new Intl.DateTimeFormat('en-GB', options).format(date)})`
}

/** Draws a credit note and resolves with the PDF's bytes. */
export function renderCreditNotePdf(note: IssuedCreditNote): Promise<Buffer> {
  const { content } = note
  const font = sarabun()
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: 'th-TH',
    info: {
      Title: `ใบลดหนี้ / Credit Note ${note.number}`,
      Author: content.seller.name,
      Subject: `Order ${content.orderNumber}, tax invoice ${content.invoiceNumber}`,
      CreationDate: note.issuedAt,
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
  const rule = (at: number, weight = 0.6, from = MARGIN) => {
    doc
      .moveTo(from, at)
      .lineTo(MARGIN + CONTENT_WIDTH, at)
      .lineWidth(weight)
      .strokeColor(RULE)
      .stroke()
  }
  const partyIds = (party: TaxInvoiceParty, atX: number, atY: number, width: number): number => {
    let bottom = write(`เลขประจำตัวผู้เสียภาษี / Tax ID: ${formatTaxId(party.taxId)}`, atX, atY, { width })
    if (party.branch) {
      const branch = branchLabel(party.branch)
      bottom = write(`สาขา / Branch: ${branch.th} (${branch.en})`, atX, bottom, { width })
    }
    return bottom
  }

  const rightX = MARGIN + CONTENT_WIDTH * 0.55
  const rightWidth = CONTENT_WIDTH * 0.45
  const leftWidth = CONTENT_WIDTH * 0.52
  let left = write(content.seller.name, MARGIN, MARGIN, { width: leftWidth, size: 12, bold: true })
  left = write(content.seller.address, MARGIN, left + 2, { width: leftWidth })
  left = partyIds(content.seller, MARGIN, left + 2, leftWidth)

  let right = write('ใบลดหนี้', rightX, MARGIN, { width: rightWidth, align: 'right', size: 20, bold: true })
  right = write('Credit Note', rightX, right - 2, { width: rightWidth, align: 'right', size: 12, bold: true })
  right = write('ต้นฉบับ / Original', rightX, right, { width: rightWidth, align: 'right', color: MUTED })
  for (const [label, value] of [
    ['เลขที่ / No.', note.number],
    ['วันที่ / Date', bothDates(note.issuedAt)],
    ['อ้างถึงใบกำกับภาษีเลขที่ / Tax invoice No.', content.invoiceNumber],
    ['ลงวันที่ / Dated', bothDates(new Date(content.invoiceDate))],
    ['คำสั่งซื้อ / Order', content.orderNumber],
  ] as const) {
    right = write(`${label}: ${value}`, rightX, right + (label.startsWith('เลขที่') ? 6 : 0), {
      width: rightWidth,
      align: 'right',
    })
  }

  let y = Math.max(left, right) + 14
  rule(y)
  y = write('ผู้ซื้อ / Buyer', MARGIN, y + 6, { bold: true, size: 10 })
  y = write(content.buyer.name, MARGIN, y + 1, { width: CONTENT_WIDTH, size: 10 })
  y = write(content.buyer.address, MARGIN, y + 1, { width: CONTENT_WIDTH })
  y = partyIds(content.buyer, MARGIN, y + 2, CONTENT_WIDTH)
  y += 10

  const columns = [
    { th: 'ลำดับ', en: 'No.', width: 0.07, align: 'center' as const },
    { th: 'รายการที่รับคืน', en: 'Goods returned', width: 0.47, align: 'left' as const },
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
    headerBottom = Math.max(
      headerBottom,
      write(`${column.th}\n${column.en}`, at.x, y + 4, { width: at.width, align: at.align, bold: true }),
    )
  })
  y = headerBottom + 4
  rule(y)
  content.lines.forEach((line, index) => {
    const top = y + 4
    const size = line.size && line.size !== 'OS' ? ` (${line.size})` : ''
    let bottom = write(String(index + 1), cell(0).x, top, { width: cell(0).width, align: 'center' })
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

  y += 8
  const rows: Array<[string, string, boolean]> = [['รวมเป็นเงิน / Goods returned', formatBaht(content.goods), false]]
  if (content.discount > 0)
    rows.push(['หักส่วนลดตามสัดส่วน / Their share of discounts', `-${formatBaht(content.discount)}`, false])
  rows.push(['มูลค่าสินค้าตามใบกำกับภาษีเดิม / Value on the original invoice', formatBaht(content.originalValue), false])
  rows.push(['มูลค่าสินค้าที่ถูกต้อง / Correct value', formatBaht(content.correctValue), false])
  rows.push(['ผลต่าง / Difference', formatBaht(content.difference), false])
  rows.push([`ภาษีมูลค่าเพิ่ม ${content.vatRatePercent}% / VAT ${content.vatRatePercent}%`, formatBaht(content.vat), false])
  rows.push(['รวมลดหนี้ทั้งสิ้น / Total credited', formatBaht(content.total), true])
  const labelX = MARGIN + CONTENT_WIDTH * 0.3
  const labelWidth = CONTENT_WIDTH * 0.5
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
    width: CONTENT_WIDTH * 0.7 - 3,
    align: 'right',
    color: MUTED,
    size: 8,
  })

  y += 14
  y = write('เหตุที่ลดหนี้ / Reason', MARGIN, y, { bold: true, size: 10 })
  y = write(`${content.reason.th} / ${content.reason.en}`, MARGIN, y + 1, { width: CONTENT_WIDTH })
  y += 14
  write(
    'ราคาสินค้ารวมภาษีมูลค่าเพิ่มแล้ว เอกสารนี้ออกโดยระบบคอมพิวเตอร์\n' +
      'Prices include VAT. This document was issued by computer.',
    MARGIN,
    y,
    { width: CONTENT_WIDTH, color: MUTED, size: 8 },
  )

  doc.end()
  return done
}
