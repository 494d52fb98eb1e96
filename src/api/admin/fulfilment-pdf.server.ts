/**
 * The warehouse's documents (issue 31 item 8): a pick list of the selected orders (A4, pieces grouped by SKU), a
 * bilingual packing slip per order (A4, Thai and English, without prices: it travels in the parcel and may be a gift)
 * and a 4×6 inch shipping label per order. Each order's page and label carries its QR code: the order's back-office
 * address, which the shop's /scan page opens. Sarabun as in the tax invoice (src/api/commerce/tax-invoice-pdf.server.ts),
 * so Thai is shaped and its text can be copied and searched.
 */
import PDFDocument from 'pdfkit'
import { create as createQr } from 'qrcode'
import { pdfText, sarabun } from '~/api/commerce/thai-document-pdf.server'
import { BRAND_NAME } from '~/brand'

export type PackPiece = {
  sku: string
  barcode: string | null
  nameTh: string
  nameEn: string
  colourTh: string | null
  colourEn: string | null
  size: string
  quantity: number
}

export type PackOrder = {
  number: string
  placedAt: Date
  shippingMethod: 'courier' | 'pickup'
  /** The pick-up branch's name (Thai / English), for a pick-up order. */
  store: { th: string; en: string } | null
  recipient: { name: string; telephone: string; lines: string[] }
  pieces: PackPiece[]
  parcels: Array<{ carrierName: string; trackingNumber: string }>
  /** The order's page in the back office: the QR code's content. */
  url: string
}

export const FULFILMENT_DOCUMENTS = ['pick_list', 'packing_slips', 'labels'] as const
export type FulfilmentDocument = (typeof FULFILMENT_DOCUMENTS)[number]

const INK = '#111111'
const MUTED = '#555555'
const RULE = '#999999'

/** 4×6 inches in points (72 a inch). */
export const LABEL_SIZE = { width: 4 * 72, height: 6 * 72 } as const
const A4 = { width: 595.28, height: 841.89 }

/** The dark modules of a QR code of `text`, as squares of `cell` points from (x, y): the layout the label draws. */
export function qrSquares(text: string, x: number, y: number, side: number) {
  const qr = createQr(text, { errorCorrectionLevel: 'M' })
  const count = qr.modules.size
  const cell = side / count
  const squares: Array<{ x: number; y: number; size: number }> = []
  for (let row = 0; row < count; row++) {
    for (let column = 0; column < count; column++) {
      if (qr.modules.get(row, column)) squares.push({ x: x + column * cell, y: y + row * cell, size: cell })
    }
  }
  return { squares, modules: count, cell }
}

/** The pick list's lines: every piece of the orders, one line per SKU, in SKU order, with the orders wanting it. */
export function pickLines(orders: readonly PackOrder[]) {
  const lines = new Map<string, PackPiece & { orders: string[] }>()
  for (const order of orders) {
    for (const piece of order.pieces) {
      const line = lines.get(piece.sku)
      if (line) {
        line.quantity += piece.quantity
        if (!line.orders.includes(order.number)) line.orders.push(order.number)
      } else {
        lines.set(piece.sku, { ...piece, orders: [order.number] })
      }
    }
  }
  return [...lines.values()].sort((a, b) => a.sku.localeCompare(b.sku))
}

/** A day in Bangkok, in Thai (Buddhist era) and English. */
function day(date: Date): string {
  const options: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Bangkok',
  }
  return `${new Intl.DateTimeFormat('th-TH', options).format(date)} / ${new Intl.DateTimeFormat('en-GB', options).format(date)}`
}

type Writer = {
  doc: PDFKit.PDFDocument
  write: (
    text: string,
    x: number,
    y: number,
    options?: { width?: number; align?: 'left' | 'right' | 'center'; size?: number; bold?: boolean; color?: string },
  ) => number
  qr: (text: string, x: number, y: number, side: number) => void
  done: Promise<Buffer>
}

function document(size: [number, number], title: string): Writer {
  const font = sarabun()
  const doc = new PDFDocument({ size, margin: 0, lang: 'th-TH', info: { Title: title, Author: BRAND_NAME } })
  doc.registerFont('regular', font.regular)
  doc.registerFont('bold', font.bold)
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  const write: Writer['write'] = (text, x, y, options = {}) => {
    doc
      .font(options.bold ? 'bold' : 'regular')
      .fontSize(options.size ?? 9)
      .fillColor(options.color ?? INK)
    doc.text(pdfText(text), x, y, { width: options.width, align: options.align ?? 'left', lineGap: 1 })
    return doc.y
  }
  const qr: Writer['qr'] = (text, x, y, side) => {
    const { squares } = qrSquares(text, x, y, side)
    for (const square of squares) doc.rect(square.x, square.y, square.size + 0.05, square.size + 0.05)
    doc.fillColor('#000000').fill()
  }
  return { doc, write, qr, done }
}

const pieceName = (piece: PackPiece, lang: 'th' | 'en') => {
  const name = lang === 'th' ? piece.nameTh : piece.nameEn
  const colour = lang === 'th' ? piece.colourTh : piece.colourEn
  return colour ? `${name} (${colour})` : name
}

/** The pick list: every piece of the selected orders grouped by SKU, with a box to tick. */
export function renderPickList(orders: readonly PackOrder[], at: Date): Promise<Buffer> {
  const margin = 40
  const width = A4.width - 2 * margin
  const { doc, write, done } = document([A4.width, A4.height], `ใบหยิบสินค้า / Pick list`)
  let y = write('ใบหยิบสินค้า / Pick list', margin, margin, { size: 16, bold: true })
  y = write(`${day(at)} · ${orders.length} คำสั่งซื้อ / orders`, margin, y, { color: MUTED })
  y = write(orders.map((order) => order.number).join(', '), margin, y + 2, { width, color: MUTED, size: 8 })
  const column = { item: margin, size: margin + 276, quantity: margin + 328, orders: margin + 386, tick: margin + 495 }
  const columns = [
    { title: 'สินค้า / Item · SKU', x: column.item, width: 270 },
    { title: 'ไซซ์ / Size', x: column.size, width: 50 },
    { title: 'จำนวน / Qty', x: column.quantity, width: 50, align: 'right' as const },
    { title: 'คำสั่งซื้อ / Orders', x: column.orders, width: 105 },
    { title: '✓', x: column.tick, width: 20 },
  ]
  y += 10
  for (const column of columns)
    write(column.title, column.x, y, { width: column.width, bold: true, align: column.align })
  y += 14
  doc
    .moveTo(margin, y)
    .lineTo(margin + width, y)
    .strokeColor(RULE)
    .stroke()
  for (const line of pickLines(orders)) {
    if (y > A4.height - 80) {
      doc.addPage({ size: [A4.width, A4.height], margin: 0 })
      y = margin
    }
    const top = y + 4
    const item = [line.sku, pieceName(line, 'th'), pieceName(line, 'en'), line.barcode ?? ''].filter(Boolean)
    const bottoms = [
      write(item.join('\n'), column.item, top, { width: 270 }),
      write(line.size, column.size, top, { width: 50, bold: true }),
      write(String(line.quantity), column.quantity, top, { width: 50, align: 'right', bold: true, size: 11 }),
      write(line.orders.join('\n'), column.orders, top, { width: 105, size: 8 }),
    ]
    doc.rect(column.tick, top, 10, 10).strokeColor(INK).stroke()
    y = Math.max(...bottoms) + 4
    doc
      .moveTo(margin, y)
      .lineTo(margin + width, y)
      .strokeColor(RULE)
      .stroke()
  }
  const total = orders.reduce((sum, order) => sum + order.pieces.reduce((n, piece) => n + piece.quantity, 0), 0)
  write(`รวม / Total: ${total}`, margin, y + 8, { bold: true, size: 11 })
  doc.end()
  return done
}

/** A packing slip per order (A4), Thai and English side by side, without prices. */
export function renderPackingSlips(orders: readonly PackOrder[]): Promise<Buffer> {
  const margin = 40
  const width = A4.width - 2 * margin
  const { doc, write, qr, done } = document([A4.width, A4.height], `ใบรายการสินค้า / Packing slip`)
  orders.forEach((order, index) => {
    if (index > 0) doc.addPage({ size: [A4.width, A4.height], margin: 0 })
    write(BRAND_NAME, margin, margin, { size: 16, bold: true })
    let y = write('ใบรายการสินค้า / Packing slip', margin, margin + 22, { size: 13, bold: true })
    y = write(`คำสั่งซื้อ / Order ${order.number}`, margin, y + 4, { size: 12, bold: true })
    y = write(`วันที่สั่งซื้อ / Ordered ${day(order.placedAt)}`, margin, y, { color: MUTED })
    qr(order.url, margin + width - 90, margin, 90)
    write(order.number, margin + width - 110, margin + 92, { width: 110, align: 'center', size: 8 })
    y = Math.max(y, margin + 110) + 10
    const to = order.shippingMethod === 'pickup' ? 'รับที่สาขา / Pick-up at' : 'จัดส่งถึง / Ship to'
    y = write(to, margin, y, { bold: true })
    const where =
      order.shippingMethod === 'pickup' && order.store
        ? [order.recipient.name, `${order.store.th} / ${order.store.en}`]
        : [order.recipient.name, ...order.recipient.lines, order.recipient.telephone]
    y = write(where.filter(Boolean).join('\n'), margin, y, { width: width / 2 })
    y += 14
    write('สินค้า / Item', margin, y, { bold: true })
    write('ไซซ์ / Size', margin + 330, y, { bold: true, width: 70 })
    write('จำนวน / Qty', margin + 410, y, { bold: true, width: 60, align: 'right' })
    write('✓', margin + width - 20, y, { bold: true })
    y += 14
    doc
      .moveTo(margin, y)
      .lineTo(margin + width, y)
      .strokeColor(RULE)
      .stroke()
    for (const piece of order.pieces) {
      const top = y + 4
      const bottom = write(`${pieceName(piece, 'th')}\n${pieceName(piece, 'en')} · ${piece.sku}`, margin, top, {
        width: 320,
      })
      write(piece.size, margin + 330, top, { width: 70 })
      write(String(piece.quantity), margin + 410, top, { width: 60, align: 'right', bold: true })
      doc
        .rect(margin + width - 20, top, 10, 10)
        .strokeColor(INK)
        .stroke()
      y = bottom + 4
      doc
        .moveTo(margin, y)
        .lineTo(margin + width, y)
        .strokeColor(RULE)
        .stroke()
    }
    y += 16
    write(
      'ขอบคุณที่เลือกซื้อสินค้ากับเรา หากต้องการเปลี่ยนหรือคืนสินค้า แจ้งได้ภายใน 7 วันหลังได้รับสินค้าที่หน้าคำสั่งซื้อของคุณ\n' +
        'Thank you for shopping with us. To exchange or return a piece, ask within 7 days of receiving it on your order’s page.',
      margin,
      y,
      { width, color: MUTED },
    )
  })
  doc.end()
  return done
}

/** A 4×6 inch shipping label per order: the recipient large, the order's number and QR code, the parcel's tracking. */
export function renderLabels(orders: readonly PackOrder[]): Promise<Buffer> {
  const { width, height } = LABEL_SIZE
  const margin = 14
  const inner = width - 2 * margin
  const { doc, write, qr, done } = document([width, height], `ฉลากจัดส่ง / Shipping label`)
  orders.forEach((order, index) => {
    if (index > 0) doc.addPage({ size: [width, height], margin: 0 })
    doc
      .rect(margin / 2, margin / 2, width - margin, height - margin)
      .strokeColor(INK)
      .lineWidth(1)
      .stroke()
    let y = write(`ผู้ส่ง / From: ${BRAND_NAME}`, margin, margin, { size: 8, color: MUTED, width: inner })
    doc
      .moveTo(margin, y + 3)
      .lineTo(width - margin, y + 3)
      .strokeColor(INK)
      .stroke()
    y = write('ผู้รับ / To', margin, y + 8, { size: 8, bold: true })
    y = write(order.recipient.name, margin, y, { size: 15, bold: true, width: inner })
    const lines =
      order.shippingMethod === 'pickup' && order.store
        ? [`รับที่สาขา / Pick-up: ${order.store.th} / ${order.store.en}`]
        : order.recipient.lines
    y = write(lines.join('\n'), margin, y + 2, { size: 11, width: inner })
    write(`โทร / Tel. ${order.recipient.telephone}`, margin, y + 2, { size: 11, bold: true, width: inner })
    const qrSide = 110
    const qrTop = height - margin - qrSide - 16
    doc
      .moveTo(margin, qrTop - 8)
      .lineTo(width - margin, qrTop - 8)
      .strokeColor(INK)
      .stroke()
    qr(order.url, margin, qrTop, qrSide)
    const right = margin + qrSide + 10
    const pieces = order.pieces.reduce((sum, piece) => sum + piece.quantity, 0)
    let r = write(order.number, right, qrTop, { size: 14, bold: true, width: width - right - margin })
    r = write(`${pieces} ชิ้น / pcs`, right, r + 2, { size: 10, width: width - right - margin })
    const parcel = order.parcels.at(-1)
    if (parcel) {
      r = write(parcel.carrierName, right, r + 6, { size: 9, width: width - right - margin })
      write(parcel.trackingNumber, right, r, { size: 11, bold: true, width: width - right - margin })
    }
    write(order.number, margin, qrTop + qrSide + 2, { size: 7, width: qrSide, align: 'center' })
  })
  doc.end()
  return done
}

export function renderFulfilmentDocument(kind: FulfilmentDocument, orders: readonly PackOrder[], at: Date) {
  if (kind === 'pick_list') return renderPickList(orders, at)
  if (kind === 'packing_slips') return renderPackingSlips(orders)
  return renderLabels(orders)
}
