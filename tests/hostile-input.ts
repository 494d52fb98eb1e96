/**
 * Hostile values for the bad-input tests (issue 8): very long, control characters, SQL, HTML and template
 * fragments, lone surrogates, path tricks, prototype keys, numbers where text is expected. Shared by the API
 * fuzzing (tests/integration/bad-input.test.ts) and the server-function fuzzing (tests/e2e/server-functions.spec.ts).
 */

export const LONG = 'a'.repeat(100_000)

export const HOSTILE_STRINGS: readonly string[] = [
  LONG,
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u0007\b\t\n\u000b\f\r\u001b[31m\u007f\u0085',
  "' OR 1=1; DROP TABLE members; --",
  '"; DROP TABLE orders; --',
  "1' UNION SELECT token_hash FROM sessions --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '\ud800',
  'a\udfffb',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%',
  '{{7*7}}',
  '${7*7}',
  '#{7*7}<%= 7*7 %>',
  '\u202egnp.exe',
  'สวัสดีครับ ทดสอบภาษาไทย ๑๒๓',
  '😀👍🏽👨‍👩‍👧',
  '😀'.repeat(3000),
  '__proto__',
  'constructor',
  'prototype',
  '',
  ' ',
  '\u00a0\u2028\u2029\ufeff',
  'null',
  'NaN',
  '-1',
  '1e308',
  '-0',
  '9007199254740993',
  'x'.repeat(5_000),
  '{{7*7}}${7*7}',
]

/** encodeURIComponent, except that a lone surrogate becomes its (invalid) UTF-8 bytes instead of throwing. */
export function encodeLoosely(value: string): string {
  let out = ''
  for (const character of value) {
    const code = character.codePointAt(0) ?? 0
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('')
    } else {
      out += encodeURIComponent(character)
    }
  }
  return out
}

/**
 * Pieces written into a URL as they are (not encoded again): malformed percent-encodings, overlong and unpaired
 * UTF-8, an encoded NUL, encoded dot segments and slashes, an encoded header break. The first seven are the
 * malformed encodings proper.
 */
export const MALFORMED_URL_PIECES: readonly string[] = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%ED%A0%80',
  '%FF%FE',
  '%C0%AE%C0%AE%2F',
  '%00',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%2F',
  '%0d%0aSet-Cookie:%20a=b',
]
