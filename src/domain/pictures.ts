/**
 * Product pictures uploaded in the back office (issue 32 item 2, decision 194): the limits both the admin API and the
 * back office's screen know. Pure, so the screen imports it to refuse a file before it is sent.
 */

/** The largest file taken: a phone's or a camera's full-size JPEG fits. */
export const PICTURE_MAX_BYTES = 15 * 1024 * 1024
/** The most pixels a picture may declare (40 megapixels): a decompression bomb is refused before it is decoded. */
export const PICTURE_MAX_PIXELS = 40_000_000
/** Pictures one colour may have. */
export const PICTURES_PER_COLOUR = 12
/** The longest alt text, per language. */
export const PICTURE_ALT_MAX = 300

/** Why an upload was refused (`fields.picture`). */
export const PICTURE_PROBLEMS = ['notImage', 'tooLarge', 'tooManyPixels', 'tooMany'] as const
export type PictureProblem = (typeof PICTURE_PROBLEMS)[number]

/** A focal point: where the subject is, as fractions of the width (x) and height (y) from the top left. */
export type FocalPoint = { x: number; y: number }

/** The focal point rounded to what is kept and put in URLs: hundredths. */
export function roundFocal(focal: FocalPoint): FocalPoint {
  const clamp = (value: number) => Math.min(1, Math.max(0, Math.round(value * 100) / 100))
  return { x: clamp(focal.x), y: clamp(focal.y) }
}
