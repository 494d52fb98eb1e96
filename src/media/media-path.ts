/** The image endpoint's paths of stored pictures start with this: `media/<key>` (decision 194). */
export const MEDIA_PATH_PREFIX = 'media/'

/** The storage key of an image endpoint path under `media/`, else null. */
export function mediaKeyOf(path: string): string | null {
  return path.startsWith(MEDIA_PATH_PREFIX) ? path.slice(MEDIA_PATH_PREFIX.length) : null
}
