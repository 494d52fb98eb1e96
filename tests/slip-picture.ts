import { toBuffer } from 'qrcode'
import sharp, { type OverlayOptions } from 'sharp'
import { slipQrPayload } from '~/domain/slip-qr'

/**
 * A transfer slip's picture as a bank's app saves it, for the tests: a white slip with a grey header and the bank's
 * mini-QR (the reference and sending bank) in its corner, as JPEG (with a camera's EXIF and a GPS position, which the
 * shop must strip), PNG or WebP. Without a reference, a slip with no QR at all.
 */
export async function slipPicture(
  transRef: string | null,
  options: { bank?: string; format?: 'jpeg' | 'png' | 'webp' } = {},
): Promise<Buffer> {
  const layers: OverlayOptions[] = [
    { input: { create: { width: 600, height: 90, channels: 3, background: '#2e7d32' } }, top: 0, left: 0 },
  ]
  if (transRef) {
    const qr = await toBuffer(slipQrPayload(transRef, options.bank ?? '004'), {
      type: 'png',
      width: 240,
      margin: 2,
    })
    layers.push({ input: qr, top: 560, left: 330 })
  }
  const slip = sharp({ create: { width: 600, height: 840, channels: 3, background: '#ffffff' } }).composite(layers)
  const format = options.format ?? 'jpeg'
  if (format === 'png') return slip.png().toBuffer()
  if (format === 'webp') return slip.webp().toBuffer()
  return slip
    .jpeg({ quality: 92 })
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Slip Camera' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '13/1 44/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '100/1 31/1 0/1' },
    })
    .toBuffer()
}
