import { ApiError } from '~/api/errors'

/**
 * A bank statement staff export from their bank (CSV) and import to match open transfers (issue 31 item 6). The
 * format, as the back office shows it: a header line naming the columns `date`, `amount` and `reference` (or
 * `description`; both may be given), in any order, other columns ignored; one credit per line.
 *
 *     date,amount,reference,description
 *     2026-11-27,1250.00,016331141051BTF04321,PromptPay from SOMCHAI
 *     27/11/2569,"2,490.50",FT2611270001,
 *
 * Dates are YYYY-MM-DD or DD/MM/YYYY (a Buddhist-era year, above 2400, is read as such); amounts in baht, with or
 * without thousands separators; lines of no amount or a debit (negative) are skipped.
 */
export type StatementLine = {
  /** The line's number in the file (the header is 1). */
  line: number
  /** The Bangkok day of the credit, YYYY-MM-DD. */
  date: string
  /** Satang. */
  amount: number
  /** The bank's reference, else one made of the line (date, amount, description): what may pay only once. */
  reference: string
  description: string
}

export type StatementProposal = StatementLine & {
  /** The order this line pays when exactly one open transfer fits, else null. */
  number: string | null
  /** Every open transfer of this amount placed by the line's day (staff choose when there are several). */
  candidates: string[]
  /** Why no match is proposed: nothing fits, several fit, or the reference paid an order before. */
  problem: 'none' | 'several' | 'reference_used' | null
}

/** The largest statement read at once. */
export const STATEMENT_MAX_LINES = 2000

/** RFC 4180 fields of one CSV text: quoted fields may hold commas, quotes (doubled) and line breaks. */
export function csvRows(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (char === '"') quoted = false
      else field += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      row.push(field)
      field = ''
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else field += char
  }
  if (field !== '' || row.length > 0) {
    row.push(field)
    rows.push(row)
  }
  return rows.filter((cells) => cells.some((cell) => cell.trim() !== ''))
}

function refuse(field: string, problem: string, message: string): never {
  throw new ApiError(400, 'INVALID_INPUT', message, { fields: { [field]: problem } })
}

/** A statement's date as a Bangkok day, or null. */
export function statementDate(value: string): string | null {
  const text = value.trim()
  let match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text)
  let [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0]
  if (!match) {
    match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})/.exec(text)
    if (!match) return null
    ;[day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])]
  }
  if (year > 2400) year -= 543
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null
  return date.toISOString().slice(0, 10)
}

/** Baht as written on a statement (1,250.50) in satang, or null. */
export function statementAmount(value: string): number | null {
  const text = value.trim().replace(/,/g, '')
  if (!/^-?\d+(\.\d{1,2})?$/.test(text)) return null
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.')
  const satang = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  return text.startsWith('-') ? -satang : satang
}

/** The credits of a statement; a file without the columns, or with a line that cannot be read, is refused (400). */
export function parseStatement(csv: string): StatementLine[] {
  const rows = csvRows(csv.replace(/^\uFEFF/, ''))
  const header = rows[0]?.map((cell) => cell.trim().toLowerCase()) ?? []
  const dateAt = header.indexOf('date')
  const amountAt = header.indexOf('amount')
  const referenceAt = header.indexOf('reference')
  const descriptionAt = header.indexOf('description')
  if (dateAt < 0 || amountAt < 0 || (referenceAt < 0 && descriptionAt < 0)) {
    refuse('csv', 'columns', 'The statement needs the columns date, amount and reference or description')
  }
  if (rows.length - 1 > STATEMENT_MAX_LINES) refuse('csv', 'tooLong', `At most ${STATEMENT_MAX_LINES} lines at once`)
  const lines: StatementLine[] = []
  rows.slice(1).forEach((cells, index) => {
    const line = index + 2
    const date = statementDate(cells[dateAt] ?? '')
    const amount = statementAmount(cells[amountAt] ?? '')
    if (!date) refuse(`line.${line}`, 'date', `Line ${line}: the date is not YYYY-MM-DD or DD/MM/YYYY`)
    if (amount === null) refuse(`line.${line}`, 'amount', `Line ${line}: the amount is not a number of baht`)
    if (amount <= 0) return
    const description = (descriptionAt >= 0 ? cells[descriptionAt] : '')?.trim() ?? ''
    const reference =
      (referenceAt >= 0 ? cells[referenceAt] : '')?.trim() || `statement:${date}:${amount}:${description}`
    lines.push({ line, date, amount, reference, description })
  })
  return lines
}

/**
 * Each credit's open transfers: the orders of its amount placed by the end of its day (Bangkok). One fitting order
 * is proposed, unless an earlier line took it; several are left for staff to choose; a reference that paid before is
 * never proposed.
 */
export function proposeMatches(
  lines: StatementLine[],
  open: Array<{ number: string; total: number; placedAt: Date }>,
  usedReferences: ReadonlySet<string>,
): StatementProposal[] {
  const taken = new Set<string>()
  return lines.map((line) => {
    const dayEnd = new Date(`${line.date}T00:00:00+07:00`).getTime() + 24 * 60 * 60 * 1000
    const candidates = open
      .filter((order) => order.total === line.amount && order.placedAt.getTime() < dayEnd)
      .map((order) => order.number)
    if (usedReferences.has(line.reference)) return { ...line, number: null, candidates, problem: 'reference_used' }
    const free = candidates.filter((number) => !taken.has(number))
    if (free.length === 1 && free[0]) {
      taken.add(free[0])
      return { ...line, number: free[0], candidates, problem: null }
    }
    return { ...line, number: null, candidates, problem: free.length === 0 ? 'none' : 'several' }
  })
}
