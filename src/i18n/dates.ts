import type { LocaleCode } from './locales'

/**
 * Formats are made once per language: making an Intl.DateTimeFormat costs far more than using it (issue 29's profile
 * of the account page: a new one for every date was 2.5 % of its render).
 */
function cached(options: Intl.DateTimeFormatOptions): (locale: LocaleCode) => Intl.DateTimeFormat {
  const formats = new Map<LocaleCode, Intl.DateTimeFormat>()
  return (locale) => {
    let format = formats.get(locale)
    if (!format) {
      format = new Intl.DateTimeFormat(locale === 'th' ? 'th-TH' : 'en-GB', options)
      formats.set(locale, format)
    }
    return format
  }
}

const dateFormat = cached({ day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Bangkok' })
const dateTimeFormat = cached({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Asia/Bangkok',
})

/**
 * A date for people (DESIGN.md §3): Thai pages in Asia/Bangkok with the Buddhist calendar Thai readers
 * expect, English pages in Asia/Bangkok too so that server and browser render the same text.
 */
export function formatDate(iso: string, locale: LocaleCode): string {
  return dateFormat(locale).format(new Date(iso))
}

/** A date and time of day for people, in Asia/Bangkok like `formatDate` (server and browser render the same text). */
export function formatDateTime(iso: string, locale: LocaleCode): string {
  return dateTimeFormat(locale).format(new Date(iso))
}
