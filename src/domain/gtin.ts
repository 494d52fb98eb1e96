/**
 * GTINs (EAN-13 and its kin, GS1 General Specifications §7.9): the last digit is a check digit. From the right,
 * the digits before it are weighted 3, 1, 3, 1 …; the check digit brings the sum to a multiple of ten.
 */

const GTIN_LENGTHS = new Set([8, 12, 13, 14])

/** The check digit of the digits before it. */
export function gtinCheckDigit(body: string): number {
  let sum = 0
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48
    sum += digit * (i % 2 === 0 ? 3 : 1)
  }
  return (10 - (sum % 10)) % 10
}

/** Whether `code` is a GTIN-8, -12, -13 or -14 of digits only whose check digit is right. */
export function isValidGtin(code: string): boolean {
  if (!/^\d+$/.test(code) || !GTIN_LENGTHS.has(code.length)) return false
  return gtinCheckDigit(code.slice(0, -1)) === code.charCodeAt(code.length - 1) - 48
}

/** The barcode as a `gtin13`: 13 digits with a right check digit, or null (never a wrong number in the markup). */
export function gtin13(barcode: string): string | null {
  const code = barcode.trim()
  return code.length === 13 && isValidGtin(code) ? code : null
}
