/**
 * Free text a shopper types (names, address lines, districts), issue 29 item 6: what may be stored and shown on
 * labels, tax invoices and in LINE messages. Pure and small, so the browser's forms run the same rule as the API.
 *
 * Refused: C0 and C1 control characters (tab and newline included: these are one-line fields), the bidirectional
 * embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069: they make text read in another order than it
 * is stored, 'Trojan Source'), the noncharacters (U+FDD0–U+FDEF and every U+xxFFFE/U+xxFFFF) and the tag characters
 * (U+E0000–U+E007F: invisible text). Lone surrogates are refused too (not text). Everything else passes, Thai
 * combining marks (U+0E31, U+0E34–U+0E3A, U+0E47–U+0E4E) included. Spaces are trimmed and runs of them collapsed,
 * and the text is put in Unicode NFC, the form it is compared and stored in.
 */

const FORBIDDEN =
  /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufdd0-\ufdef\ufffe\uffff\u{e0000}-\u{e007f}\ud800-\udfff]/u

/** The noncharacters of the supplementary planes: U+1FFFE, U+1FFFF … U+10FFFE, U+10FFFF. */
function astralNoncharacter(codePoint: number): boolean {
  return codePoint > 0xffff && (codePoint & 0xfffe) === 0xfffe
}

/** Whether the text holds a character no name or address may hold (see above). */
export function hasForbiddenCharacters(value: string): boolean {
  if (FORBIDDEN.test(value)) return true
  for (const character of value) {
    const codePoint = character.codePointAt(0) ?? 0
    if (astralNoncharacter(codePoint)) return true
  }
  return false
}

/**
 * Spaces that may stand in a name or an address: `\s` without the control characters it also matches (tab, newline,
 * vertical tab, form feed, carriage return), so that collapsing spaces never hides a refused character from the check.
 */
const SPACES = /[ \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+/g

/** The text as stored: NFC, spaces trimmed and collapsed; a refused character stays for `hasForbiddenCharacters`. */
export function normaliseText(value: string): string {
  return value.normalize('NFC').replace(SPACES, ' ').replace(/^ | $/g, '')
}
