import jsQR from 'jsqr'
import sharp from 'sharp'
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  QRCodeReader,
  RGBLuminanceSource,
} from '@zxing/library'

/** The largest slip picture the shop takes (issue 31 item 6). */
export const SLIP_MAX_BYTES = 5 * 1024 * 1024

export type SlipPictureType = 'image/jpeg' | 'image/png' | 'image/webp'

/** Why a slip's file is refused: not a picture the shop takes, or too large. */
export class SlipFileRefused extends Error {
  override name = 'SlipFileRefused'
  constructor(readonly problem: 'notImage' | 'tooLarge') {
    super(problem === 'tooLarge' ? 'The slip is larger than 5 MB' : 'The slip is not a JPEG, PNG or WebP picture')
  }
}

/** The picture's type from its first bytes (never from its name or the browser's word): JPEG, PNG or WebP. */
export function sniffPicture(bytes: Uint8Array): SlipPictureType | null {
  const starts = (offset: number, ...values: number[]) => values.every((value, i) => bytes[offset + i] === value)
  if (starts(0, 0xff, 0xd8, 0xff)) return 'image/jpeg'
  if (starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png'
  if (starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp'
  return null
}

/** The longest side a slip is read at: a phone's 4000-pixel photo is read as fast as a screenshot. */
const READ_SIDE = 1600

/** Smaller scales ZXing tries when jsQR finds nothing: its finder sees the code at one scale and misses it at another. */
const ZXING_SIDES = [1600, 800, 400]

/**
 * A slip's picture checked by its content and made safe to keep: sniffed, decoded by sharp (a file that only starts
 * like a picture is refused), turned upright by its EXIF orientation and written again in its own format without any
 * metadata (no location, no camera). Throws SlipFileRefused.
 */
export async function cleanSlipPicture(bytes: Uint8Array): Promise<{ data: Buffer; type: SlipPictureType }> {
  if (bytes.byteLength > SLIP_MAX_BYTES) throw new SlipFileRefused('tooLarge')
  const type = sniffPicture(bytes)
  if (!type) throw new SlipFileRefused('notImage')
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: 50_000_000 }).rotate()
    const encoded =
      type === 'image/jpeg'
        ? image.jpeg({ quality: 90 })
        : type === 'image/png'
          ? image.png()
          : image.webp({ quality: 90 })
    return { data: await encoded.toBuffer(), type }
  } catch {
    throw new SlipFileRefused('notImage')
  }
}

/**
 * The text of the QR code in a picture, or null when none can be read. jsQR reads first: ZXing's finder alone missed
 * one slip QR in six of our own pictures, those whose mask pattern 0 looks like extra finder patterns (decision 190);
 * ZXing then tries at a few scales, for a photo jsQR cannot read.
 */
export async function readQr(picture: Buffer): Promise<string | null> {
  const { data, info } = await sharp(picture)
    .resize({ width: READ_SIDE, height: READ_SIDE, fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const found = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)
  if (found?.data) return found.data
  const longest = Math.max(info.width, info.height)
  for (const side of ZXING_SIDES.filter((side, i) => i === 0 || side < longest)) {
    const text = await readWithZxing(picture, side)
    if (text !== null) return text
  }
  return null
}

async function readWithZxing(picture: Buffer, side: number): Promise<string | null> {
  const { data, info } = await sharp(picture)
    .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const luminance = new Uint8ClampedArray(data.buffer, data.byteOffset, info.width * info.height)
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.QR_CODE]],
    [DecodeHintType.TRY_HARDER, true],
  ])
  try {
    const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, info.width, info.height)))
    return new QRCodeReader().decode(bitmap, hints).getText()
  } catch {
    // Not found, or found but not read (checksum, format): as good as none at this scale.
    return null
  }
}
