import { describe, expect, it } from 'vitest'
import { validateAddressField, emptyAddress } from './address'
import { smsCapable } from './otp'
import { parseMemberTelephone } from './phone'
import { hasForbiddenCharacters, normaliseText } from './text'

describe('free text of names and addresses (issue 29)', () => {
  it.each([
    ['a C0 control', 'a\u0007b'],
    ['a tab', 'a\tb'],
    ['DEL', 'a\u007fb'],
    ['a C1 control', 'a\u0085b'],
    ['RIGHT-TO-LEFT OVERRIDE', 'a\u202eb'],
    ['LEFT-TO-RIGHT EMBEDDING', 'a\u202ab'],
    ['an isolate', 'a\u2068b'],
    ['U+FFFE', 'a\ufffeb'],
    ['U+FFFF', 'a\uffffb'],
    ['U+FDD0', 'a\ufdd0b'],
    ['U+FDEF', 'a\ufdefb'],
    ['U+1FFFE', 'a\u{1fffe}b'],
    ['a tag character', 'a\u{e0041}b'],
    ['a lone surrogate', 'a\ud800b'],
  ])('refuses %s', (_, value) => {
    expect(hasForbiddenCharacters(value)).toBe(true)
  })

  it.each(['สมหญิง ทดสอบ', 'น้ำผึ้ง', 'กุ้ง ก๊ก ก๋วย', 'Zoë', 'José', '😀', 'Ngô Bảo Châu', '王小明'])(
    'lets %s pass',
    (value) => {
      expect(hasForbiddenCharacters(value)).toBe(false)
    },
  )

  it('stores text in NFC, trimmed, with runs of spaces collapsed', () => {
    expect(normaliseText('  Zoe\u0301   Jaidee ')).toBe('Zo\u00e9 Jaidee')
  })

  it('collapses spaces but never a control character, so the check still sees it after normalising', () => {
    expect(normaliseText('Som\u3000\u00a0 chai ')).toBe('Som chai')
    for (const bad of ['Som\nchai', 'Som\tchai', 'Som\rchai', 'Som\u000bchai', ' Somchai\n']) {
      expect(hasForbiddenCharacters(normaliseText(bad)), JSON.stringify(bad)).toBe(true)
    }
  })

  it('calls an address field with such a character not valid', () => {
    const values = { ...emptyAddress('TH'), address: '99/1 \u202eถนน' }
    expect(validateAddressField('address', values)).toBe('invalid')
    expect(validateAddressField('address', { ...values, address: '99/1 ถนนพหลโยธิน' })).toBeNull()
  })
})

describe('a member telephone takes SMS codes (issue 29)', () => {
  it('accepts Thai mobile numbers and refuses Thai fixed lines', () => {
    expect(parseMemberTelephone('0612345678')?.value).toBe('+66612345678')
    expect(parseMemberTelephone('0812345678')?.value).toBe('+66812345678')
    expect(parseMemberTelephone('0912345678')?.value).toBe('+66912345678')
    expect(parseMemberTelephone('021234567')).toBeNull()
    expect(parseMemberTelephone('053123456')).toBeNull()
    expect(smsCapable('+6621234567')).toBe(false)
  })
})
