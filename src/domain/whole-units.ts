import { MINOR_UNITS, type Currency } from './money'

/*
 * The rules' figures as the shop's texts write them (the code messages at checkout, the information pages): apart
 * from money.ts, which every page's first load carries, as only checkout writes them in the browser.
 */

/**
 * An amount of whole major units as the shop's texts write it, with thousands separators and no currency sign:
 * 1_000_00 → "1,000" (the message or page says "THB" or "บาท" itself). For the rules' figures (src/domain constants).
 */
export function formatWholeUnits(amount: number, currency: Currency = 'thb'): string {
  wholeUnitsFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
  return wholeUnitsFormat.format(Math.trunc(amount / MINOR_UNITS[currency]))
}

/** Made on first use, as money.ts's formats. */
let wholeUnitsFormat: Intl.NumberFormat | undefined
