import sharp from 'sharp'
import { PICTURE_MAX_BYTES, PICTURE_MAX_PIXELS, type PictureProblem } from '~/domain/pictures'

export type PictureType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/avif'

export const PICTURE_EXTENSIONS: Record<PictureType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
}

/** Why an upload is refused: not a picture the shop takes, a file too large, or too many pixels to decode. */
export class PictureRefused extends Error {
  override name = 'PictureRefused'
  constructor(readonly problem: PictureProblem) {
    super(
      problem === 'tooLarge'
        ? 'The picture is larger than 15 MB'
        : problem === 'tooManyPixels'
          ? 'The picture has more than 40 megapixels'
          : 'The file is not a JPEG, PNG, WebP or AVIF picture',
    )
  }
}

/**
 * The picture's type from its first bytes (never from its name or the browser's word): JPEG, PNG, WebP or AVIF (an
 * ISO-BMFF `ftyp` box of brand avif or avis).
 */
export function sniffPicture(bytes: Uint8Array): PictureType | null {
  const starts = (offset: number, ...values: number[]) => values.every((value, i) => bytes[offset + i] === value)
  const ascii = (offset: number, length: number) => String.fromCharCode(...bytes.subarray(offset, offset + length))
  if (starts(0, 0xff, 0xd8, 0xff)) return 'image/jpeg'
  if (starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png'
  if (ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WEBP') return 'image/webp'
  if (bytes.byteLength >= 12 && ascii(4, 4) === 'ftyp' && ['avif', 'avis'].includes(ascii(8, 4))) return 'image/avif'
  return null
}

export type CleanPicture = { data: Buffer; type: PictureType; width: number; height: number }

/**
 * An uploaded picture checked by its content and made safe to keep (as transfer slips are, decision 187): at most
 * 15 MB; sniffed; its header read for its size so that a small file declaring a huge canvas (a decompression bomb) is
 * refused before any pixel is decoded; decoded by sharp with the same pixel limit (a file that only starts like a
 * picture is refused); turned upright by its EXIF orientation and written again in its own format with no metadata
 * at all (no GPS position, camera, time or comment). Throws PictureRefused.
 */
export async function cleanPicture(bytes: Uint8Array): Promise<CleanPicture> {
  if (bytes.byteLength > PICTURE_MAX_BYTES) throw new PictureRefused('tooLarge')
  const type = sniffPicture(bytes)
  if (!type) throw new PictureRefused('notImage')
  let declared: { width: number; height: number }
  try {
    // Reading the header decodes no pixels (limitInputPixels: false here, so that sharp tells the size it declares).
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata()
    declared = { width: metadata.width, height: metadata.height }
  } catch {
    throw new PictureRefused('notImage')
  }
  if (!(declared.width > 0 && declared.height > 0)) throw new PictureRefused('notImage')
  if (declared.width * declared.height > PICTURE_MAX_PIXELS) throw new PictureRefused('tooManyPixels')
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: PICTURE_MAX_PIXELS, sequentialRead: true }).rotate()
    const encoded =
      type === 'image/jpeg'
        ? image.jpeg({ quality: 92, mozjpeg: true })
        : type === 'image/png'
          ? image.png()
          : type === 'image/webp'
            ? image.webp({ quality: 92 })
            : image.avif({ quality: 70, effort: 2 })
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true })
    return { data, type, width: info.width, height: info.height }
  } catch {
    throw new PictureRefused('notImage')
  }
}
