import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { reportCsv } from './csv-report'

describe('the report writer', () => {
  const errors = [
    { row: 5, column: 'barcode', value: '885,"0"', problem: 'not_gtin' },
    { row: 9, column: 'category', value: 'ชุด', problem: 'unknown_category' },
  ]

  it('writes a BOM, a header and one line per bad cell, quoting what needs it, in the staff’s language', () => {
    const text = reportCsv(errors, 'en')
    expect(text.startsWith('\ufeffrow,column,value,problem\r\n')).toBe(true)
    expect(parse(text, { bom: true })).toEqual([
      ['row', 'column', 'value', 'problem'],
      ['5', 'barcode', '885,"0"', 'Not a GTIN, or its check digit is wrong'],
      ['9', 'category', 'ชุด', 'No such category'],
    ])
    expect(parse(reportCsv(errors, 'th'), { bom: true })[2]).toEqual(['9', 'category', 'ชุด', 'ไม่มีหมวดหมู่นี้'])
  })

  it('writes only the header for no errors', () => {
    expect(reportCsv([], 'th')).toBe('\ufeffแถว,คอลัมน์,ค่า,ปัญหา\r\n')
  })
})
