/** Seconds in an hour: the window of the send limits and SMS caps. */
export const HOUR = 60 * 60

export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000)
}

/** The start of the fixed window of `seconds` that `now` falls in (counters shared by all instances). */
export function windowStart(now: Date, seconds: number): Date {
  const size = seconds * 1000
  return new Date(Math.floor(now.getTime() / size) * size)
}
