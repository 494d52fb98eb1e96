import type { FocalPoint } from '~/domain/pictures'
import { focalParam } from './focal'

/** Output formats the image endpoint can produce (§9). */
export const IMAGE_FORMATS = ['webp', 'avif', 'jpeg', 'png'] as const
/** Resize modes of the image endpoint, as sharp names them (§9). */
export const IMAGE_FITS = ['cover', 'contain', 'inside', 'outside', 'fill'] as const
export type ImageFormat = (typeof IMAGE_FORMATS)[number]
export type ImageFit = (typeof IMAGE_FITS)[number]

/** Bounds the endpoint accepts; URLs are clamped to them so that a generated URL never answers 400. */
export const IMAGE_MIN_SIZE = 16
export const IMAGE_MAX_SIZE = 2400
export const IMAGE_MIN_QUALITY = 1
export const IMAGE_MAX_QUALITY = 100

/** Where the image endpoint is mounted: catalog paths are served from here. */
export const IMAGE_ENDPOINT_PREFIX = '/images/'

/** Widths offered in product image srcsets. */
export const PRODUCT_IMAGE_WIDTHS = [240, 360, 480, 720, 960, 1200]

export type ImageOptions = {
  format?: ImageFormat
  quality?: number
  width?: number
  height?: number
  fit?: ImageFit
  /** The picture's focal point (decision 194): `fp=x,y`, which a `fit=cover` crop keeps in the window. */
  focal?: FocalPoint
}

/** Matches a URL with a scheme (https:, data:, blob:…) or a protocol-relative URL. */
const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i

function clampInteger(value: number | undefined, min: number, max: number): number | undefined {
  if (value === undefined || !Number.isFinite(value)) return undefined
  return Math.min(max, Math.max(min, Math.round(value)))
}

/** Whether the URL's path (not its query or hash) ends in .mp4: videos go to the CDN untouched (§9). */
export function isVideoUrl(src: string): boolean {
  const path = src.split(/[?#]/, 1)[0] ?? ''
  return /\.mp4$/i.test(path)
}

/** The CDN query parameters, in their fixed order (fm, q, w, h, fit, fp), unset ones left out. */
function queryPairs(options: ImageOptions): Array<[string, string]> {
  const pairs: Array<[string, string]> = []
  const quality = clampInteger(options.quality, IMAGE_MIN_QUALITY, IMAGE_MAX_QUALITY)
  const width = clampInteger(options.width, IMAGE_MIN_SIZE, IMAGE_MAX_SIZE)
  const height = clampInteger(options.height, IMAGE_MIN_SIZE, IMAGE_MAX_SIZE)
  if (options.format !== undefined) pairs.push(['fm', options.format])
  if (quality !== undefined) pairs.push(['q', String(quality)])
  if (width !== undefined) pairs.push(['w', String(width)])
  if (height !== undefined) pairs.push(['h', String(height)])
  if (options.fit !== undefined) pairs.push(['fit', options.fit])
  if (options.focal !== undefined) pairs.push(['fp', focalParam(options.focal)])
  return pairs
}

/** Builds image URLs with the §9 CDN parameters (fm, q, w, h, fit) so every component requests images the same way. */
export function imageUrl(src: string, options: ImageOptions = {}): string {
  if (isVideoUrl(src) || /^(?:data|blob):/i.test(src)) return src
  const base = ABSOLUTE_URL.test(src) || src.startsWith('/') ? src : IMAGE_ENDPOINT_PREFIX + src
  const pairs = queryPairs(options)
  if (pairs.length === 0) return base

  const hashIndex = base.indexOf('#')
  const beforeHash = hashIndex === -1 ? base : base.slice(0, hashIndex)
  const hash = hashIndex === -1 ? '' : base.slice(hashIndex)
  const queryIndex = beforeHash.indexOf('?')
  const path = queryIndex === -1 ? beforeHash : beforeHash.slice(0, queryIndex)
  const existing = queryIndex === -1 ? '' : beforeHash.slice(queryIndex + 1)

  // Keep the existing query as it is, except for parameters this call sets again (no duplicates).
  const setKeys = new Set(pairs.map(([key]) => key))
  const kept = existing.split('&').filter((part) => {
    if (part === '') return false
    const key = part.split('=', 1)[0] ?? ''
    return !setKeys.has(safeDecode(key))
  })
  const added = pairs.map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
  return `${path}?${[...kept, ...added].join('&')}${hash}`
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '))
  } catch {
    return value
  }
}

/** Builds a srcset so the browser picks the smallest sufficient image (with h when an aspect ratio is given). */
export function imageSrcSet(
  src: string,
  widths: readonly number[],
  options: Omit<ImageOptions, 'width'> & { aspectRatio?: number },
): string {
  const { aspectRatio, ...rest } = options
  const ratio = aspectRatio !== undefined && Number.isFinite(aspectRatio) && aspectRatio > 0 ? aspectRatio : undefined
  const seen = new Set<number>()
  const entries: string[] = []
  for (const raw of widths) {
    const width = clampInteger(raw, IMAGE_MIN_SIZE, IMAGE_MAX_SIZE)
    if (width === undefined || seen.has(width)) continue
    seen.add(width)
    const height = ratio === undefined ? rest.height : Math.round(width / ratio)
    entries.push(`${imageUrl(src, { ...rest, width, height })} ${width}w`)
  }
  return entries.join(', ')
}
