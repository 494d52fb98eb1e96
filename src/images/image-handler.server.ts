import { createHash, randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises'
import { dirname, isAbsolute, join, relative, resolve } from 'node:path'
import sharp from 'sharp'
import {
  IMAGE_FITS,
  IMAGE_FORMATS,
  IMAGE_MAX_QUALITY,
  IMAGE_MAX_SIZE,
  IMAGE_MIN_QUALITY,
  IMAGE_MIN_SIZE,
  type ImageFit,
  type ImageFormat,
} from './image-url'
import type { FocalPoint } from '~/domain/pictures'
import { focalCrop, parseFocalParam } from './focal'

export type ImageHandlerOptions = {
  /** Folder the catalog images are read from when no resolveSource is given. */
  sourceRoot: string
  /** Folder of rendered variants (created when missing). */
  cacheRoot: string
  /** Loads the source bytes of a path instead of sourceRoot; null when there is no such image. */
  resolveSource?: (path: string) => Promise<Buffer | null>
}

type RenderParams = {
  format: ImageFormat
  quality: number
  width: number | null
  height: number | null
  fit: ImageFit
  /** Where the subject is (`fp=x,y`): a `fit=cover` crop with both sizes keeps it in the window (decision 194). */
  focal: FocalPoint | null
}

/** Bump when rendering changes, so that old cache entries are no longer used. */
const RENDERER_VERSION = '2'
const MAX_PATH_LENGTH = 300
const SOURCE_EXTENSIONS = new Set(['svg', 'jpg', 'jpeg', 'png', 'webp', 'avif'])
const SAFE_PATH = /^[a-z0-9._-]+(?:\/[a-z0-9._-]+)*$/
/** Upper bound of the pixels an SVG is rasterised to before resizing (extreme aspect ratios with fit=cover). */
const MAX_SVG_RENDER_PIXELS = IMAGE_MAX_SIZE * IMAGE_MAX_SIZE * 2
const DEFAULT_QUALITY = 75

const CONTENT_TYPES: Record<ImageFormat, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpeg: 'image/jpeg',
  png: 'image/png',
}
const CACHE_EXTENSIONS: Record<ImageFormat, string> = { webp: 'webp', avif: 'avif', jpeg: 'jpg', png: 'png' }

const IMMUTABLE = 'public, max-age=31536000, immutable'

/** Renders of the same variant running right now: concurrent requests share one sharp run. */
const inflight = new Map<string, Promise<Buffer>>()

class ImageProcessingError extends Error {
  override name = 'ImageProcessingError'
}

function isImageFormat(value: string): value is ImageFormat {
  return IMAGE_FORMATS.some((format) => format === value)
}

function isImageFit(value: string): value is ImageFit {
  return IMAGE_FITS.some((fit) => fit === value)
}

function errorCode(error: unknown): unknown {
  return error instanceof Error && 'code' in error ? error.code : undefined
}

function isMissingFileError(error: unknown): boolean {
  const code = errorCode(error)
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR'
}

/** Only lower-case [a-z0-9._-] segments, no dot segments or dotfiles, and an image extension. */
function isSafeImagePath(path: string): boolean {
  if (path.length === 0 || path.length > MAX_PATH_LENGTH || !SAFE_PATH.test(path) || path.includes('..')) return false
  if (path.split('/').some((segment) => segment.startsWith('.'))) return false
  const extension = path.slice(path.lastIndexOf('.') + 1)
  return path.includes('.') && SOURCE_EXTENSIONS.has(extension)
}

function parseInteger(
  value: string | null,
  min: number,
  max: number,
  field: string,
  fields: Record<string, string>,
): number | null {
  if (value === null) return null
  if (!/^\d{1,9}$/.test(value)) {
    fields[field] = 'must be an integer'
    return null
  }
  const parsed = Number(value)
  if (parsed < min || parsed > max) {
    fields[field] = `must be between ${min} and ${max}`
    return null
  }
  return parsed
}

/** The validated fm, q, w, h, fit parameters with their defaults, or the reason per invalid parameter. */
function parseParams(search: URLSearchParams): { params: RenderParams } | { fields: Record<string, string> } {
  const fields: Record<string, string> = {}
  const fm = search.get('fm')
  const fitValue = search.get('fit')
  let format: ImageFormat = 'webp'
  let fit: ImageFit = 'cover'
  if (fm !== null) {
    if (isImageFormat(fm)) format = fm
    else fields.fm = `must be one of ${IMAGE_FORMATS.join(', ')}`
  }
  if (fitValue !== null) {
    if (isImageFit(fitValue)) fit = fitValue
    else fields.fit = `must be one of ${IMAGE_FITS.join(', ')}`
  }
  const quality = parseInteger(search.get('q'), IMAGE_MIN_QUALITY, IMAGE_MAX_QUALITY, 'q', fields)
  const width = parseInteger(search.get('w'), IMAGE_MIN_SIZE, IMAGE_MAX_SIZE, 'w', fields)
  const height = parseInteger(search.get('h'), IMAGE_MIN_SIZE, IMAGE_MAX_SIZE, 'h', fields)
  const fp = search.get('fp')
  const focal = fp === null ? null : parseFocalParam(fp)
  if (fp !== null && focal === null) fields.fp = 'must be x,y from 0 to 1 in hundredths'
  if (Object.keys(fields).length > 0) return { fields }
  return { params: { format, quality: quality ?? DEFAULT_QUALITY, width, height, fit, focal } }
}

async function loadSource(path: string, options: ImageHandlerOptions): Promise<Buffer | null> {
  if (options.resolveSource) return options.resolveSource(path)
  const root = resolve(options.sourceRoot)
  const file = resolve(root, path)
  const inside = relative(root, file)
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return null
  try {
    return await readFile(file)
  } catch (error) {
    if (isMissingFileError(error)) return null
    throw error
  }
}

function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex')
}

function cacheKey(path: string, params: RenderParams, source: Buffer): string {
  const { format, quality, width, height, fit } = params
  // A focal point is named only when given, so that the keys of pictures without one stay as they were.
  const focal = params.focal ? `&fp=${params.focal.x},${params.focal.y}` : ''
  const normalised = `fm=${format}&q=${quality}&w=${width ?? ''}&h=${height ?? ''}&fit=${fit}${focal}`
  return sha256(`v${RENDERER_VERSION}\n${path}\n${normalised}\n${source.length}\n${sha256(source)}`)
}

/**
 * The density (DPI) to rasterise an SVG at, so that it is drawn at the output size instead of being drawn at its
 * own size and then scaled up (blurry); 72 DPI draws it at its width and height attributes. sharp 0.35 also reloads
 * an SVG at the resize scale by itself, but only while nothing in the pipeline prevents that "shrink-on-load"
 * (gamma, trim, a pre-resize extract…): an explicit density keeps large renders crisp either way.
 */
function svgDensity(intrinsicWidth: number, intrinsicHeight: number, params: RenderParams): number {
  const scaleX = params.width === null ? null : params.width / intrinsicWidth
  const scaleY = params.height === null ? null : params.height / intrinsicHeight
  const wanted =
    scaleX !== null && scaleY !== null
      ? params.fit === 'contain' || params.fit === 'inside'
        ? Math.min(scaleX, scaleY)
        : Math.max(scaleX, scaleY)
      : (scaleX ?? scaleY ?? 1)
  const scale = Math.min(wanted, Math.sqrt(MAX_SVG_RENDER_PIXELS / (intrinsicWidth * intrinsicHeight)))
  return Math.min(100_000, Math.max(1, 72 * scale))
}

async function render(source: Buffer, params: RenderParams): Promise<Buffer> {
  const metadata = await sharp(source).metadata()
  const density =
    metadata.format === 'svg' && metadata.width > 0 && metadata.height > 0
      ? svgDensity(metadata.width, metadata.height, params)
      : undefined
  let pipeline = sharp(source, { density, autoOrient: true })
  if (params.focal && params.fit === 'cover' && params.width !== null && params.height !== null) {
    // The crop around the focal point, in the source's upright size scaled as the SVG is rasterised.
    const upright = metadata.autoOrient
    const scale = density === undefined ? 1 : density / 72
    const crop = focalCrop(
      {
        width: Math.max(1, Math.round(upright.width * scale)),
        height: Math.max(1, Math.round(upright.height * scale)),
      },
      { width: params.width, height: params.height },
      params.focal,
    )
    pipeline = pipeline
      .resize({ width: crop.resizeWidth, height: crop.resizeHeight, fit: 'fill' })
      .extract({ left: crop.left, top: crop.top, width: params.width, height: params.height })
  } else if (params.width !== null || params.height !== null) {
    pipeline = pipeline.resize({
      width: params.width ?? undefined,
      height: params.height ?? undefined,
      fit: params.fit,
      background: { r: 255, g: 255, b: 255, alpha: 0 },
    })
  }
  switch (params.format) {
    case 'webp':
      return pipeline.webp({ quality: params.quality }).toBuffer()
    case 'avif':
      return pipeline.avif({ quality: params.quality }).toBuffer()
    case 'jpeg':
      return pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: params.quality, progressive: true }).toBuffer()
    case 'png':
      // sharp reads a PNG quality as "quantise to a palette": keep q=100 lossless.
      return pipeline.png({ quality: params.quality, palette: params.quality < 100 }).toBuffer()
  }
}

async function readCache(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file)
  } catch (error) {
    if (!isMissingFileError(error)) console.error(`[images] cannot read cache file ${file}:`, error)
    return null
  }
}

/** Writes next to the target and renames: a reader sees the old state or the whole file, never a part. */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  await mkdir(dirname(file), { recursive: true })
  const temp = `${file}.${process.pid}.${randomUUID()}.tmp`
  try {
    await writeFile(temp, data, { flag: 'wx' })
    await rename(temp, file)
  } catch (error) {
    await unlink(temp).catch(() => undefined)
    throw error
  }
}

function renderAndStore(key: string, file: string, source: Buffer, params: RenderParams): Promise<Buffer> {
  const running = inflight.get(key)
  if (running) return running
  const task = (async () => {
    let output: Buffer
    try {
      output = await render(source, params)
    } catch (error) {
      throw new ImageProcessingError('sharp failed', { cause: error })
    }
    // A cache that cannot be written (read-only disk, full disk) must not cost the visitor the image.
    await writeAtomically(file, output).catch((error: unknown) => {
      console.error(`[images] cannot write cache file ${file}:`, error)
    })
    return output
  })().finally(() => inflight.delete(key))
  inflight.set(key, task)
  return task
}

function etagMatches(header: string | null, etag: string): boolean {
  if (header === null) return false
  return header.split(',').some((candidate) => {
    const value = candidate.trim()
    return value === '*' || value.replace(/^W\//, '') === etag
  })
}

function jsonResponse(request: Request, status: number, body: object, headers: Record<string, string> = {}): Response {
  const text = JSON.stringify(body)
  return new Response(request.method === 'HEAD' ? null : text, {
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(text)),
      'Cache-Control': 'no-store',
      ...headers,
    },
  })
}

function notFound(request: Request): Response {
  return jsonResponse(request, 404, { code: 404, message: 'Image not found' })
}

/** Serves /images/<path> resized and converted per §9 from a disk cache, so each variant is rendered once. */
export async function handleImageRequest(
  request: Request,
  path: string,
  options: ImageHandlerOptions,
): Promise<Response> {
  try {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return jsonResponse(request, 405, { code: 405, message: 'Method not allowed' }, { Allow: 'GET, HEAD' })
    }
    if (!isSafeImagePath(path)) return notFound(request)

    const parsed = parseParams(new URL(request.url).searchParams)
    if ('fields' in parsed) {
      return jsonResponse(request, 400, { code: 400, message: 'Invalid image parameters', fields: parsed.fields })
    }
    const { params } = parsed

    const source = await loadSource(path, options)
    if (source === null) return notFound(request)

    const key = cacheKey(path, params, source)
    const etag = `"${key}"`
    const headers = { ETag: etag, 'Cache-Control': IMMUTABLE }
    if (etagMatches(request.headers.get('If-None-Match'), etag)) return new Response(null, { status: 304, headers })

    const file = join(options.cacheRoot, key.slice(0, 2), `${key}.${CACHE_EXTENSIONS[params.format]}`)
    const output = (await readCache(file)) ?? (await renderAndStore(key, file, source, params))
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(output), {
      status: 200,
      headers: { ...headers, 'Content-Type': CONTENT_TYPES[params.format], 'Content-Length': String(output.length) },
    })
  } catch (error) {
    if (error instanceof ImageProcessingError) {
      console.error(`[images] cannot process ${path}:`, error.cause)
      return jsonResponse(request, 422, { code: 422, message: 'Image could not be processed' })
    }
    console.error(`[images] cannot serve ${path}:`, error)
    return jsonResponse(request, 500, { code: 500, message: 'Image could not be served' })
  }
}
