import { describe, expect, it } from 'vitest'
import { csvField } from './audit.server'

describe('the audit CSV', () => {
  it('quotes what needs it and makes formulas inert', () => {
    expect(csvField('plain')).toBe('plain')
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('line\nbreak')).toBe('"line\nbreak"')
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvField('-1')).toBe("'-1")
  })
})
