import { CARRIERS, parseTrackingNumber, type CarrierId } from './carriers'

/**
 * The warehouse's tracking CSV (issue 31 items 5 and 8): one parcel a row, `order number, carrier, tracking number`,
 * as a carrier's booking site or a spreadsheet exports it. A header row is optional; the carrier is its id
 * (thailand_post) or its name in Thai or English; quotes and CRLF as RFC 4180 has them.
 */

/** The most rows one upload may hold: a day's parcels, with room. */
export const TRACKING_CSV_MAX_ROWS = 200

/** What is wrong with a row on its own (the order's existence and status are the service's to check). */
export const TRACKING_ROW_PROBLEMS = [
  'columns',
  'order_missing',
  'carrier_unknown',
  'tracking_malformed',
  'duplicate',
  'order_unknown',
  'status_wrong',
] as const
export type TrackingRowProblem = (typeof TRACKING_ROW_PROBLEMS)[number]

export type TrackingRow = {
  /** The row's line in the file (1 is the first), as a spreadsheet numbers it. */
  line: number
  orderNumber: string
  carrierText: string
  trackingText: string
  carrier: CarrierId | null
  /** The tracking number as stored, or null when it cannot be one of the carrier's. */
  trackingNumber: string | null
  problems: TrackingRowProblem[]
}

/** The fields of each record of a CSV text (RFC 4180: quoted fields with "" for a quote, CRLF or LF). */
export function csvRecords(text: string): Array<{ line: number; fields: string[] }> {
  const records: Array<{ line: number; fields: string[] }> = []
  let fields: string[] = []
  let field = ''
  let quoted = false
  let line = 1
  let start = 1
  const input = text.replace(/^\uFEFF/, '')
  const push = () => {
    fields.push(field)
    field = ''
  }
  for (let i = 0; i < input.length; i++) {
    const char = input[i]
    if (quoted) {
      if (char === '"' && input[i + 1] === '"') {
        field += '"'
        i++
      } else if (char === '"') {
        quoted = false
      } else {
        if (char === '\n') line++
        field += char
      }
    } else if (char === '"' && field === '') {
      quoted = true
    } else if (char === ',') {
      push()
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && input[i + 1] === '\n') i++
      push()
      records.push({ line: start, fields })
      fields = []
      line++
      start = line
    } else {
      field += char
    }
  }
  if (field !== '' || fields.length > 0) {
    push()
    records.push({ line: start, fields })
  }
  // Blank lines are no records.
  return records.filter((record) => record.fields.some((value) => value.trim() !== ''))
}

const squash = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[\s_\-()]+/g, '')

/** The carrier a row names: its id, or its Thai or English name (spaces, case and brackets aside). */
export function carrierOfText(text: string): CarrierId | null {
  const wanted = squash(text)
  if (!wanted) return null
  for (const carrier of CARRIERS) {
    const names = [carrier.id, carrier.name.en, carrier.name.th, carrier.name.en.replace(/\(.*\)/, '')]
    if (names.some((name) => squash(name) === wanted)) return carrier.id
  }
  return null
}

/** A header row: its first field names the order rather than being one's number. */
function isHeader(fields: string[]): boolean {
  const first = squash(fields[0] ?? '')
  return /order|number|เลขที่|คำสั่งซื้อ/.test(first) && !/\d{3,}/.test(first)
}

/** Each row of the file with what is wrong with it on its own; the same parcel twice is a duplicate. */
export function parseTrackingCsv(text: string): TrackingRow[] {
  const records = csvRecords(text)
  if (records[0] && isHeader(records[0].fields)) records.shift()
  const seen = new Set<string>()
  return records.map(({ line, fields }) => {
    const [orderText = '', carrierText = '', trackingText = ''] = fields.map((value) => value.trim())
    const problems: TrackingRowProblem[] = []
    if (fields.length < 3 || fields.slice(3).some((value) => value.trim() !== '')) problems.push('columns')
    const orderNumber = orderText.toUpperCase()
    if (!orderNumber) problems.push('order_missing')
    const carrier = carrierOfText(carrierText)
    if (!carrier) problems.push('carrier_unknown')
    const found = carrier ? CARRIERS.find((candidate) => candidate.id === carrier) : undefined
    const trackingNumber = found ? parseTrackingNumber(found, trackingText) : null
    if (found && !trackingNumber) problems.push('tracking_malformed')
    if (carrier && trackingNumber) {
      const key = `${carrier}:${trackingNumber}`
      if (seen.has(key)) problems.push('duplicate')
      seen.add(key)
    }
    return { line, orderNumber, carrierText, trackingText, carrier, trackingNumber, problems }
  })
}
