import type { LocaleCode } from './locales'

/**
 * A date for people (DESIGN.md §3): Thai pages in Asia/Bangkok with the Buddhist calendar Thai readers
 * expect, English pages in Asia/Bangkok too so that server and browser render the same text.
 */
export function formatDate(iso: string, locale: LocaleCode): string {
  return new Intl.DateTimeFormat(locale === 'th' ? 'th-TH' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Bangkok',
  }).format(new Date(iso))
}

/** A date and time of day for people, in Asia/Bangkok like `formatDate` (server and browser render the same text). */
export function formatDateTime(iso: string, locale: LocaleCode): string {
  return new Intl.DateTimeFormat(locale === 'th' ? 'th-TH' : 'en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Bangkok',
  }).format(new Date(iso))
}
