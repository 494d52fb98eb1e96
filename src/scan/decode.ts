/**
 * Reading barcodes and QR codes in the browser (/scan): the native BarcodeDetector where the browser
 * has it, otherwise ZXing, loaded on demand so that only this page downloads it.
 */

/** Reads one frame of a playing video: the code in it, or null when there is none. */
export type Decoder = { decode: (source: HTMLVideoElement) => Promise<string | null>; stop: () => void }

/** The barcode kinds printed on our labels and tags. */
const WANTED_FORMATS = ['ean_13', 'ean_8', 'code_128', 'qr_code', 'upc_a']

/** The part of the Barcode Detection API we use; TypeScript's DOM library does not declare it. */
type DetectedBarcode = { rawValue: string }
type BarcodeDetectorInstance = { detect: (source: HTMLVideoElement) => Promise<DetectedBarcode[]> }
type BarcodeDetectorClass = {
  new (options?: { formats?: string[] }): BarcodeDetectorInstance
  getSupportedFormats: () => Promise<string[]>
}

function isBarcodeDetectorClass(value: unknown): value is BarcodeDetectorClass {
  return (
    typeof value === 'function' && 'getSupportedFormats' in value && typeof value.getSupportedFormats === 'function'
  )
}

function nativeDetectorClass(): BarcodeDetectorClass | null {
  if (typeof window === 'undefined' || !('BarcodeDetector' in window)) return null
  const candidate: unknown = Reflect.get(globalThis, 'BarcodeDetector')
  return isBarcodeDetectorClass(candidate) ? candidate : null
}

/** A frame can be read once the video has its size and a current picture. */
function hasFrame(video: HTMLVideoElement): boolean {
  return video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0 && video.videoHeight > 0
}

async function nativeDecoder(): Promise<Decoder | null> {
  const Detector = nativeDetectorClass()
  if (!Detector) return null
  let supported: string[]
  try {
    supported = await Detector.getSupportedFormats()
  } catch {
    return null
  }
  const formats = WANTED_FORMATS.filter((format) => supported.includes(format))
  if (formats.length === 0) return null
  const detector = new Detector({ formats })
  let stopped = false
  return {
    decode: async (video) => {
      if (stopped || !hasFrame(video)) return null
      try {
        const found = await detector.detect(video)
        return found.find((barcode) => barcode.rawValue.trim() !== '')?.rawValue ?? null
      } catch {
        // A frame the detector could not read (e.g. the video changed size): try the next one.
        return null
      }
    },
    stop: () => {
      stopped = true
    },
  }
}

/** ZXing works on a canvas; frames larger than this are scaled down, which keeps it fast enough. */
const MAX_FRAME_SIDE = 1280

async function zxingDecoder(): Promise<Decoder> {
  const { BarcodeFormat, BrowserMultiFormatReader } = await import('@zxing/browser')
  const reader = new BrowserMultiFormatReader()
  reader.possibleFormats = [
    BarcodeFormat.EAN_13,
    BarcodeFormat.EAN_8,
    BarcodeFormat.CODE_128,
    BarcodeFormat.QR_CODE,
    BarcodeFormat.UPC_A,
  ]
  let canvas: HTMLCanvasElement | null = document.createElement('canvas')
  let context = canvas.getContext('2d', { willReadFrequently: true })
  return {
    decode: async (video) => {
      if (!canvas || !context || !hasFrame(video)) return null
      const scale = Math.min(1, MAX_FRAME_SIDE / Math.max(video.videoWidth, video.videoHeight))
      const width = Math.round(video.videoWidth * scale)
      const height = Math.round(video.videoHeight * scale)
      if (canvas.width !== width || canvas.height !== height) {
        canvas.width = width
        canvas.height = height
      }
      context.drawImage(video, 0, 0, width, height)
      try {
        const text = reader.decodeFromCanvas(canvas).getText()
        return text.trim() === '' ? null : text
      } catch {
        // ZXing throws when a frame holds no readable code (NotFound, checksum or format errors).
        return null
      }
    },
    stop: () => {
      canvas = null
      context = null
    },
  }
}

/** The best decoder this browser offers. Rejects only when the fallback decoder cannot be loaded. */
export async function createDecoder(): Promise<Decoder> {
  return (await nativeDecoder()) ?? zxingDecoder()
}

/** GTIN digits (EAN-8, UPC-A, EAN-13, GTIN-14) as printed under a barcode. */
const GTIN = /^(\d{8}|\d{12,14})$/
/** An SKU or product code, as the scan API accepts it. */
const SKU = /^[A-Za-z0-9-]{1,160}$/
/** The path of a product page, with or without a language prefix. */
const PRODUCT_PATH = /^(?:\/(?:th|en))?\/product\/([a-z0-9-]{1,160})\/?$/
/** The sizes the product page accepts in ?size=. */
const SIZE = /^[A-Za-z0-9.]{1,6}$/

/** The hosts that count as this shop when no list is given: the one the page is served from. */
function currentHosts(): string[] {
  return typeof location === 'undefined' ? [] : [location.host]
}

function parseShopProductUrl(text: string, shopHosts: readonly string[]): { id: string; url: URL } | null {
  if (!/^https?:\/\//i.test(text)) return null
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return null
  }
  const hosts = shopHosts.map((host) => host.toLowerCase())
  if (!hosts.includes(url.host.toLowerCase())) return null
  const id = PRODUCT_PATH.exec(url.pathname)?.[1]
  return id ? { id, url } : null
}

/**
 * The code to look up from what was scanned or typed: GTIN digits, an SKU, or the product id of a
 * product URL of this shop (shopHosts: the hosts that count as this shop, e.g. 'shop.example.com').
 * Null for anything else: empty text, spaces inside, a URL of another site or of another page.
 */
export function normaliseCode(raw: string, shopHosts: readonly string[] = currentHosts()): string | null {
  const text = raw.trim()
  if (text === '') return null
  if (GTIN.test(text) || SKU.test(text)) return text
  return parseShopProductUrl(text, shopHosts)?.id ?? null
}

/** The size chosen by a scanned product URL of this shop (its ?size=), if any. */
export function sizeFromScannedUrl(raw: string, shopHosts: readonly string[] = currentHosts()): string | null {
  const size = parseShopProductUrl(raw.trim(), shopHosts)?.url.searchParams.get('size')?.trim()
  return size && SIZE.test(size) ? size : null
}
