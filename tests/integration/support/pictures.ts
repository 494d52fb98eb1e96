import { crc32 } from 'node:zlib'
import sharp from 'sharp'

/** A JPEG photo as a phone takes it: a GPS position and a camera in its EXIF. */
export async function jpegWithGps(width = 320, height = 240, colour = '#c0392b'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCam', Model: 'X1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '13/1 45/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '100/1 30/1 0/1' },
    })
    .toBuffer()
}

/** A JPEG stored sideways with EXIF orientation 6 (turn 90° clockwise to see it upright). */
export async function sidewaysJpeg(width = 300, height = 100): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2980b9' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer()
}

/** A picture whose left half is red and right half blue: a crop shows which side it kept. */
export async function redLeftBlueRight(width = 400, height = 200, format: 'png' | 'webp' = 'png'): Promise<Buffer> {
  const half = await sharp({ create: { width: width / 2, height, channels: 3, background: '#0000ff' } })
    .png()
    .toBuffer()
  const image = sharp({ create: { width, height, channels: 3, background: '#ff0000' } }).composite([
    { input: half, left: width / 2, top: 0 },
  ])
  return format === 'png' ? image.png().toBuffer() : image.webp({ lossless: true }).toBuffer()
}

/**
 * A decompression bomb: a valid 1×1 PNG whose header then declares `size`×`size` pixels (its CRC made right again),
 * a few dozen bytes that would take gigabytes to decode.
 */
export async function pngBomb(size = 30_000): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer(),
  )
  // The IHDR chunk: length (4) at 8, type at 12, width at 16, height at 20, its CRC after its 13 data bytes at 29.
  png.writeUInt32BE(size, 16)
  png.writeUInt32BE(size, 20)
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29)
  return png
}

/** Whether an EXIF block (sharp's `metadata().exif`) has a GPS IFD (tag 0x8825 in IFD0). */
export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif
  const little = tiff.subarray(0, 2).toString('latin1') === 'II'
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at))
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at))
  const ifd0 = u32(4)
  const entries = u16(ifd0)
  for (let i = 0; i < entries; i++) if (u16(ifd0 + 2 + i * 12) === 0x8825) return true
  return false
}

/** The colour of a picture's pixel at (x, y): red, green and blue. */
export async function pixelAt(picture: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(picture).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const at = (y * info.width + x) * info.channels
  return [data[at] ?? -1, data[at + 1] ?? -1, data[at + 2] ?? -1]
}
