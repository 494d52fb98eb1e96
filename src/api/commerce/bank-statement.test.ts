import { describe, expect, it } from 'vitest'
import { csvRows, parseStatement, proposeMatches, statementAmount, statementDate } from './bank-statement'

describe('a bank statement', () => {
  it('reads dates in ISO and Thai day-first form, the Buddhist era too, and refuses impossible days', () => {
    expect(statementDate('2026-11-27')).toBe('2026-11-27')
    expect(statementDate('27/11/2026')).toBe('2026-11-27')
    expect(statementDate('27/11/2569')).toBe('2026-11-27')
    expect(statementDate('31/02/2026')).toBeNull()
    expect(statementDate('yesterday')).toBeNull()
  })

  it('reads amounts with thousands separators in satang, without floating point', () => {
    expect(statementAmount('2,490.50')).toBe(249050)
    expect(statementAmount('19.99')).toBe(1999)
    expect(statementAmount('-50.00')).toBe(-5000)
    expect(statementAmount('12.345')).toBeNull()
  })

  it('splits quoted CSV fields and skips debits; columns in any order', () => {
    expect(csvRows('a,"b, ""c"""\r\n1,2\n')).toEqual([
      ['a', 'b, "c"'],
      ['1', '2'],
    ])
    const lines = parseStatement('description,amount,date\nFrom SOMSRI,"1,250.00",27/11/2569\nFee,-10.00,2026-11-27\n')
    expect(lines).toEqual([
      {
        line: 2,
        date: '2026-11-27',
        amount: 125000,
        reference: 'statement:2026-11-27:125000:From SOMSRI',
        description: 'From SOMSRI',
      },
    ])
  })

  it('refuses a file without its columns and names a bad line', () => {
    expect(() => parseStatement('when,how much\n1,2')).toThrow(/columns/)
    expect(() => parseStatement('date,amount,reference\n2026-13-01,1.00,X')).toThrow(/Line 2/)
  })

  it('proposes the one open transfer of the amount placed by the day, never twice, never a used reference', () => {
    const open = [
      { number: 'A', total: 125000, placedAt: new Date('2026-11-27T03:00:00Z') },
      { number: 'B', total: 99000, placedAt: new Date('2026-11-27T04:00:00Z') },
      { number: 'C', total: 99000, placedAt: new Date('2026-11-27T05:00:00Z') },
      { number: 'D', total: 50000, placedAt: new Date('2026-11-28T05:00:00Z') },
    ]
    const line = (n: number, amount: number, reference: string) => ({
      line: n,
      date: '2026-11-27',
      amount,
      reference,
      description: '',
    })
    const proposals = proposeMatches(
      [
        line(2, 125000, 'R1'),
        line(3, 125000, 'R2'),
        line(4, 99000, 'R3'),
        line(5, 50000, 'R4'),
        line(6, 125000, 'OLD'),
      ],
      open,
      new Set(['OLD']),
    )
    expect(proposals.map((p) => [p.number, p.problem])).toEqual([
      ['A', null],
      [null, 'none'],
      [null, 'several'],
      [null, 'none'],
      [null, 'reference_used'],
    ])
  })
})
