import { readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ApiErrorReason } from '~/contract/errors'
import { COMPOSED_MESSAGES, staffMessage } from './messages'

const ADMIN_DIR = resolve('src/api/admin')

/** Every refusal reason the admin API's code gives: its ApiErrors, StaffThrottle.refuse's and adminOnError's. */
function reasonsGiven(): ApiErrorReason[] {
  const reasons = new Set<string>()
  for (const file of readdirSync(ADMIN_DIR).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
    const text = readFileSync(resolve(ADMIN_DIR, file), 'utf8')
    for (const match of text.matchAll(/new ApiError\(\s*\d+,\s*'([A-Z_]+)'/g)) reasons.add(match[1] ?? '')
    for (const match of text.matchAll(/\.refuse\([^,]+,\s*'([A-Z_]+)'/g)) reasons.add(match[1] ?? '')
    for (const match of text.matchAll(/const reason = [^\n]*/g)) {
      for (const quoted of match[0].matchAll(/'([A-Z_]+)'/g)) reasons.add(quoted[1] ?? '')
    }
  }
  return [...reasons].sort() as ApiErrorReason[]
}

describe('the admin API’s refusals', () => {
  it('finds the reasons the code gives', () => {
    expect(reasonsGiven()).toEqual(
      expect.arrayContaining(['PERMISSION_DENIED', 'OTP_INCORRECT', 'LOCKED', 'UNSUPPORTED_MEDIA_TYPE']),
    )
  })

  it('has a message in Thai and in English for every reason it gives', () => {
    for (const reason of reasonsGiven().filter((each) => !COMPOSED_MESSAGES.has(each))) {
      expect(staffMessage(reason, 'th', 'MISSING'), `${reason} in Thai`).not.toBe('MISSING')
      expect(staffMessage(reason, 'en', 'MISSING'), `${reason} in English`).not.toBe('MISSING')
    }
  })

  it('keeps a message written in the caller’s language where it was made (a CSV file’s columns)', () => {
    expect(staffMessage('CSV_REFUSED', 'th', 'ไม่มีคอลัมน์ sku')).toBe('ไม่มีคอลัมน์ sku')
    expect(staffMessage('PERMISSION_DENIED', 'en', 'anything')).not.toBe('anything')
  })
})
