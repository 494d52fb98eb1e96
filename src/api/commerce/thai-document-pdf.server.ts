/**
 * The shop's Thai documents as A4 PDFs (decision 105): the tax invoice, the credit note, and the font and text rules
 * the fulfilment papers share. pdfkit lays the text out with fontkit, which applies the font's OpenType tables: Thai
 * vowels and tone marks are stacked and moved by the font's mark positioning, and each glyph is mapped back to its
 * characters (ToUnicode), so the text can be copied and searched. The font is Sarabun (SIL Open Font License),
 * embedded as a subset. Each document is Thai with English labels; this module draws the parts they share (the
 * seller and the title, the buyer, the table of goods, the figures, the closing words) so that they stay alike.
 */
import PDFDocument from 'pdfkit'
import sarabunBoldUrl from '@expo-google-fonts/sarabun/700Bold/Sarabun_700Bold.ttf?inline'
import sarabunRegularUrl from '@expo-google-fonts/sarabun/400Regular/Sarabun_400Regular.ttf?inline'
import type { TaxInvoiceParty } from '~/db/schema'
import { branchLabel, formatBaht, formatTaxId } from '~/domain/tax-invoice'

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

/** A date in Thai (Buddhist era) and English, in Bangkok: "27 พฤศจิกายน 2569 (27 November 2026)". */
export function bothDates(date: Date): string {
  const options: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Bangkok',
  }
  return `${new Intl.DateTimeFormat('th-TH', options).format(date)} (${new Intl.DateTimeFormat('en-GB', options).format(date)})`
}

/** A line of goods as both documents list them. */
export type DocumentLine = {
  nameTh: string
  nameEn: string
  size: string | null
  quantity: number
  unitPrice: number
  amount: number
}

/** A figure under the table: its label (Thai / English), the amount as printed, and whether it is the total. */
export type Figure = [label: string, amount: string, total: boolean]

export type ThaiDocument = {
  /** The title in both languages, the seller's name and the order, for the PDF's properties and the page. */
  title: { th: string; en: string }
  number: string
  issuedAt: Date
  subject: string
  seller: TaxInvoiceParty
  buyer: TaxInvoiceParty
  /** Label and value pairs under the title, right-aligned (the number and the date first). */
  facts: Array<[string, string]>
  /** The share of the width the title and facts take on the right. */
  titleShare: number
  /** The table's second column: what the lines are ("รายการ / Description"). */
  goodsColumn: { th: string; en: string }
  lines: DocumentLine[]
  figures: Figure[]
  /** The share of the width the figures' labels take. */
  labelShare: number
  /** A titled paragraph after the figures (the credit note's reason). */
  note?: { title: string; text: string }
}

/** Draws a Thai document and resolves with the PDF's bytes. */
export function renderThaiDocument(document: ThaiDocument): Promise<Buffer> {
  const font = sarabun()
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: 'th-TH',
    info: {
      Title: `${document.title.th} / ${document.title.en} ${document.number}`,
      Author: document.seller.name,
      Subject: document.subject,
      CreationDate: document.issuedAt,
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
  /** Tax ID and branch of a party, each with its Thai and English label. */
  const partyIds = (party: TaxInvoiceParty, atX: number, atY: number, width: number): number => {
    let bottom = write(`เลขประจำตัวผู้เสียภาษี / Tax ID: ${formatTaxId(party.taxId)}`, atX, atY, { width })
    if (party.branch) {
      const branch = branchLabel(party.branch)
      bottom = write(`สาขา / Branch: ${branch.th} (${branch.en})`, atX, bottom, { width })
    }
    return bottom
  }

  // The seller (left) and the document's title, number and date (right).
  const rightWidth = CONTENT_WIDTH * document.titleShare
  const rightX = MARGIN + CONTENT_WIDTH - rightWidth
  const leftWidth = CONTENT_WIDTH * (1 - document.titleShare - 0.03)
  let left = write(document.seller.name, MARGIN, MARGIN, { width: leftWidth, size: 12, bold: true })
  left = write(document.seller.address, MARGIN, left + 2, { width: leftWidth })
  left = partyIds(document.seller, MARGIN, left + 2, leftWidth)

  let right = write(document.title.th, rightX, MARGIN, { width: rightWidth, align: 'right', size: 20, bold: true })
  right = write(document.title.en, rightX, right - 2, { width: rightWidth, align: 'right', size: 12, bold: true })
  right = write('ต้นฉบับ / Original', rightX, right, { width: rightWidth, align: 'right', color: MUTED })
  right += 6
  for (const [label, value] of document.facts) {
    right = write(`${label}: ${value}`, rightX, right, { width: rightWidth, align: 'right' })
  }

  // The buyer.
  let y = Math.max(left, right) + 14
  rule(y)
  y = write('ผู้ซื้อ / Buyer', MARGIN, y + 6, { bold: true, size: 10 })
  y = write(document.buyer.name, MARGIN, y + 1, { width: CONTENT_WIDTH, size: 10 })
  y = write(document.buyer.address, MARGIN, y + 1, { width: CONTENT_WIDTH })
  y = partyIds(document.buyer, MARGIN, y + 2, CONTENT_WIDTH)
  y += 10

  // The goods: number, description, quantity, unit price, amount (VAT included, as paid).
  const columns = [
    { th: 'ลำดับ', en: 'No.', width: 0.07, align: 'center' as const },
    { ...document.goodsColumn, width: 0.47, align: 'left' as const },
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
  document.lines.forEach((line, index) => {
    // Room for the figures under the last line: a long list goes on over the next page.
    if (y > A4.height - 220) {
      doc.addPage()
      y = MARGIN
    }
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

  // The figures, right-aligned, the total last and ruled.
  y += 8
  const labelWidth = CONTENT_WIDTH * document.labelShare
  const labelX = MARGIN + CONTENT_WIDTH * (0.8 - document.labelShare)
  const amountX = labelX + labelWidth
  const amountWidth = CONTENT_WIDTH * 0.2 - 3
  for (const [label, amount, total] of document.figures) {
    if (total) {
      y += 3
      rule(y - 2, 0.8, labelX)
      y += 2
    }
    const size = total ? 10 : 9
    const bottom = write(label, labelX, y, { width: labelWidth - 6, align: 'right', bold: total, size })
    write(amount, amountX, y, { width: amountWidth, align: 'right', bold: total, size })
    y = bottom + 3
  }
  y = write('จำนวนเงินเป็นบาท / Amounts in Thai baht (THB)', labelX, y + 2, {
    width: MARGIN + CONTENT_WIDTH - labelX - 3,
    align: 'right',
    color: MUTED,
    size: 8,
  })

  if (document.note) {
    y += 14
    y = write(document.note.title, MARGIN, y, { bold: true, size: 10 })
    y = write(document.note.text, MARGIN, y + 1, { width: CONTENT_WIDTH })
  }
  y += document.note ? 14 : 18
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
