import { stringify } from 'csv-stringify/sync'
import { problemMessage, type CsvRowError } from '~/domain/csv'

/** The byte order mark that makes Excel read a CSV file as UTF-8 (and so show Thai). */
export const UTF8_BOM = '\ufeff'

/** Rows of cells as CSV text (csv-stringify: quotes where a cell needs them, CRLF as spreadsheets write). */
export function csvLines(rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return stringify(
    rows.map((row) => row.map(String)),
    { record_delimiter: 'windows' },
  )
}

/**
 * A dry run's report as a CSV file (issue 32 item 7): every bad cell, one a line, with its row as the file numbers
 * it (the header is row 1), its column, the value found and what is wrong in the staff member's language.
 */
export function reportCsv(errors: readonly CsvRowError[], language: 'th' | 'en'): string {
  const header = language === 'th' ? ['แถว', 'คอลัมน์', 'ค่า', 'ปัญหา'] : ['row', 'column', 'value', 'problem']
  return (
    UTF8_BOM +
    csvLines([
      header,
      ...errors.map((error) => [error.row, error.column, error.value, problemMessage(error.problem, language)]),
    ])
  )
}
