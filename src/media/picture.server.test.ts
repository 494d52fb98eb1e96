import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { PICTURE_MAX_BYTES } from '~/domain/pictures'
import { exifHasGps, jpegWithGps, pngBomb, sidewaysJpeg } from '../../tests/integration/support/pictures'
import { cleanPicture, PictureRefused, sniffPicture } from './picture.server'

async function refusal(bytes: Uint8Array): Promise<string> {
  try {
    await cleanPicture(bytes)
    return 'taken'
  } catch (error) {
    return error instanceof PictureRefused ? error.problem : `other: ${String(error)}`
  }
}

describe('sniffPicture', () => {
  it('knows JPEG, PNG, WebP and AVIF by their first bytes, whatever the file is called', async () => {
    const blank = sharp({ create: { width: 4, height: 4, channels: 3, background: '#808080' } })
    expect(sniffPicture(await blank.clone().jpeg().toBuffer())).toBe('image/jpeg')
    expect(sniffPicture(await blank.clone().png().toBuffer())).toBe('image/png')
    expect(sniffPicture(await blank.clone().webp().toBuffer())).toBe('image/webp')
    expect(sniffPicture(await blank.clone().avif().toBuffer())).toBe('image/avif')
    expect(sniffPicture(await blank.clone().gif().toBuffer())).toBeNull()
    expect(sniffPicture(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
    expect(sniffPicture(new Uint8Array())).toBeNull()
  })
})

describe('cleanPicture', () => {
  it('keeps a phone photo without its EXIF: no GPS position, no camera', async () => {
    const photo = await jpegWithGps(64, 48)
    expect(exifHasGps((await sharp(photo).metadata()).exif)).toBe(true)
    const clean = await cleanPicture(photo)
    expect(clean).toMatchObject({ type: 'image/jpeg', width: 64, height: 48 })
    const meta = await sharp(clean.data).metadata()
    expect(meta.exif).toBeUndefined()
    expect(clean.data.includes(Buffer.from('PhoneCam'))).toBe(false)
  })

  it('turns a picture upright by its orientation, which it then drops', async () => {
    const clean = await cleanPicture(await sidewaysJpeg(60, 20))
    expect([clean.width, clean.height]).toEqual([20, 60])
    expect((await sharp(clean.data).metadata()).orientation).toBeUndefined()
  })

  it('keeps PNG, WebP and AVIF in their own format', async () => {
    const blank = sharp({ create: { width: 8, height: 6, channels: 4, background: '#10203080' } })
    expect((await cleanPicture(await blank.clone().png().toBuffer())).type).toBe('image/png')
    expect((await cleanPicture(await blank.clone().webp().toBuffer())).type).toBe('image/webp')
    const avif = await cleanPicture(await blank.clone().avif().toBuffer())
    expect(avif.type).toBe('image/avif')
    expect((await sharp(avif.data).metadata()).format).toBe('heif')
  })

  it('refuses what is not a picture it takes, what only starts like one, and a GIF', async () => {
    expect(await refusal(Buffer.from('hello'))).toBe('notImage')
    expect(await refusal(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]))).toBe('notImage')
    const gif = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
      .gif()
      .toBuffer()
    expect(await refusal(gif)).toBe('notImage')
  })

  it('refuses a file over 15 MB before looking at it', async () => {
    const large = new Uint8Array(PICTURE_MAX_BYTES + 1)
    large.set([0xff, 0xd8, 0xff])
    expect(await refusal(large)).toBe('tooLarge')
  })

  it('refuses a decompression bomb by the size its header declares, at once', async () => {
    const bomb = await pngBomb(30_000)
    expect(bomb.byteLength).toBeLessThan(200)
    const started = performance.now()
    expect(await refusal(bomb)).toBe('tooManyPixels')
    expect(performance.now() - started).toBeLessThan(2_000)
    // Just under the limit is no bomb: 6000 × 6000 is 36 megapixels (here refused only as a broken PNG).
    expect(await refusal(await pngBomb(6_000))).toBe('notImage')
  })
})
