/**
 * The back office's reports (issue 33 item 4, decision 202): their kinds and the longest range one reads. Pure, so the
 * back office's screens (their typed search parameters) and the admin API's contract share them.
 */
export const REPORT_KINDS = [
  'sales-by-day',
  'sales-by-category',
  'sales-by-payment',
  'sales-by-region',
  'vat',
  'members-by-tier',
] as const
export type ReportKind = (typeof REPORT_KINDS)[number]

/** The longest range a report reads (a year and a day: a leap year's whole). */
export const REPORT_MAX_DAYS = 366
