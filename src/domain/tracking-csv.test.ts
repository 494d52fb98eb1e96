import { describe, expect, it } from 'vitest'
import { carrierOfText, csvRecords, parseTrackingCsv } from './tracking-csv'

describe('csvRecords', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF, a BOM, and skips blank lines', () => {
    const text = '\uFEFFa,"b, c","say ""hi"""\r\n\r\n"two\nlines",x,y\n'
    expect(csvRecords(text)).toEqual([
      { line: 1, fields: ['a', 'b, c', 'say "hi"'] },
      { line: 3, fields: ['two\nlines', 'x', 'y'] },
    ])
  })
})

describe('carrierOfText', () => {
  it('knows a carrier by its id or its name in Thai or English, whatever the case and spacing', () => {
    expect(carrierOfText('thailand_post')).toBe('thailand_post')
    expect(carrierOfText('Thailand Post')).toBe('thailand_post')
    expect(carrierOfText('ไปรษณีย์ไทย')).toBe('thailand_post')
    expect(carrierOfText('kerry express')).toBe('kerry_express')
    expect(carrierOfText('J&T Express')).toBe('jt_express')
    expect(carrierOfText('pigeon')).toBeNull()
    expect(carrierOfText('')).toBeNull()
  })
})

describe('parseTrackingCsv', () => {
  it('skips a header, normalises numbers and says what is wrong with each row on its own', () => {
    const rows = parseTrackingCsv(
      [
        'Order number,Carrier,Tracking number',
        'as2611-00001,Thailand Post,ef 123456789 th',
        'AS2611-00002,pigeon,ABC12345',
        'AS2611-00003,thailand_post,12345',
        ',kerry_express,KEX1234567890',
        'AS2611-00004,thailand_post',
        'AS2611-00005,thailand_post,EF123456789TH',
      ].join('\n'),
    )
    expect(rows.map((row) => [row.line, row.problems])).toEqual([
      [2, []],
      [3, ['carrier_unknown']],
      [4, ['tracking_malformed']],
      [5, ['order_missing']],
      [6, ['columns', 'tracking_malformed']],
      [7, ['duplicate']],
    ])
    expect(rows[0]).toMatchObject({
      orderNumber: 'AS2611-00001',
      carrier: 'thailand_post',
      trackingNumber: 'EF123456789TH',
    })
  })

  it('reads a file without a header from its first row', () => {
    expect(parseTrackingCsv('AS2611-00001,flash_express,TH12345678AB').map((row) => row.problems)).toEqual([[]])
  })
})
