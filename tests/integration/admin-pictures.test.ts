import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, asc, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, products } from '~/db/schema'
import { staff } from '~/db/staff-schema'
import { handleImageRequest } from '~/images/image-handler.server'
import { mediaKeyOf } from '~/media/media-path'
import { FileMediaStorage, S3MediaStorage, type MediaStorage } from '~/media/storage.server'
import { PICTURE_MAX_BYTES } from '~/domain/pictures'
import { createApiApp, type ApiApp } from './api-app'
import { freshDatabase } from './database'
import { Clock } from './support/clock'
import { FakeS3 } from './support/fake-s3'
import { jsonCaller, type Json } from './support/http'
import { exifHasGps, jpegWithGps, pixelAt, pngBomb, redLeftBlueRight, sidewaysJpeg } from './support/pictures'
import { ADMIN, SITE, StaffHarness, type Enrolled } from './support/staff'

/**
 * Product pictures in the admin API (issue 32 item 2, decision 194): uploads checked by their content (JPEG, PNG,
 * WebP, AVIF; 15 MB; 40 megapixels, so a decompression bomb is refused before it is decoded), turned upright and kept
 * without metadata (no GPS), served by the image endpoint in renditions cropped around their focal point; reordered,
 * described and deleted with an audit entry each, the shop answering the change at once; files or an S3 bucket.
 */

type Signed = { staff: Enrolled; cookie: string }
type Picture = {
  id: string
  path: string
  width: number
  height: number
  alt_th: string
  alt_en: string
  focal: unknown
}

const clock = new Clock(Date.now())

function suite(storageOf: () => Promise<{ storage: MediaStorage; stop: () => Promise<void> }>) {
  const state = {} as {
    database: Awaited<ReturnType<typeof freshDatabase>>
    app: ApiApp
    h: StaffHarness
    storage: MediaStorage
    stop: () => Promise<void>
    cacheRoot: string
    marketing: Signed
    warehouse: Signed
    product: { id: string; familyId: string; nameEn: string; images: number }
  }
  beforeAll(async () => {
    const made = await storageOf()
    state.storage = made.storage
    state.stop = made.stop
    state.cacheRoot = await mkdtemp(join(tmpdir(), 'pictures-cache-'))
    state.database = await freshDatabase()
    state.app = createApiApp({
      db: state.database.db,
      storeKeys: ['demo'],
      commerce: { siteUrl: SITE },
      accounts: { now: clock.now },
      admin: { now: clock.now },
      media: state.storage,
    })
    state.h = new StaffHarness(state.app, state.database.db, clock)
    const [row] = await state.database.db
      .select({ id: products.id, familyId: products.familyId, nameEn: products.nameEn, images: products.images })
      .from(products)
      .orderBy(asc(products.id))
      .limit(1)
    if (!row) throw new Error('no product in the demo catalog')
    state.product = { id: row.id, familyId: row.familyId, nameEn: row.nameEn, images: row.images.length }
    for (const role of ['marketing', 'warehouse'] as const) {
      const staff = await state.h.enrol(role)
      state[role] = { staff, cookie: await state.h.signIn(staff) }
    }
  })
  afterAll(async () => {
    await state.database?.close()
    await state.stop?.()
    await rm(state.cacheRoot, { recursive: true, force: true })
  })

  const upload = async (who: Signed, productId: string, bytes: Buffer, headers: Record<string, string> = {}) => {
    const response = await state.app.request(`${ADMIN}/products/${encodeURIComponent(productId)}/pictures`, {
      method: 'POST',
      headers: {
        cookie: who.cookie,
        'x-staff-request': '1',
        'content-type': 'image/jpeg',
        'content-length': String(bytes.byteLength),
        ...headers,
      },
      body: new Uint8Array(bytes),
    })
    const text = await response.text()
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Json, text }
  }
  const rendition = (path: string, query: string) =>
    handleImageRequest(new Request(`http://shop.test/images/${path}?${query}`), path, {
      sourceRoot: state.cacheRoot,
      cacheRoot: state.cacheRoot,
      resolveSource: async (wanted) => {
        const key = mediaKeyOf(wanted)
        return key === null ? null : state.storage.get(key)
      },
    })
  const picturesOf = (body: Json) => body.pictures as Picture[]
  const auditOf = async (action: string) =>
    state.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, state.product.id)))
      .orderBy(asc(auditLog.id))

  return { state, upload, rendition, picturesOf, auditOf }
}

describe('pictures kept as files', () => {
  const { state, upload, rendition, picturesOf, auditOf } = suite(async () => {
    const root = await mkdtemp(join(tmpdir(), 'pictures-media-'))
    return { storage: new FileMediaStorage(root), stop: () => rm(root, { recursive: true, force: true }) }
  })
  const call = jsonCaller(() => state.app)
  const publicImages = async (lang: 'th' | 'en') => {
    const reply = await call('GET', `/products/${encodeURIComponent(state.product.id)}?lang=${lang}`)
    expect(reply.status).toBe(200)
    return reply.body.images as Array<{ path: string; alt: string; focal?: { x: number; y: number } }>
  }

  it('takes a phone’s JPEG: listed, kept without its GPS position, served by the image endpoint', async () => {
    const photo = await jpegWithGps(640, 480)
    expect(exifHasGps((await sharp(photo).metadata()).exif), 'the test photo carries GPS').toBe(true)

    const added = await upload(state.marketing, state.product.id, photo)
    expect(added.status, added.text).toBe(201)
    const pictures = picturesOf(added.body)
    expect(pictures).toHaveLength(state.product.images + 1)
    const last = pictures.at(-1)
    expect(last).toMatchObject({ width: 640, height: 480, focal: null })
    expect(last?.path).toMatch(/^media\/products\/[a-z0-9-]+\/[0-9a-f-]{36}\.jpg$/)
    expect(last?.alt_en).toContain(state.product.nameEn)

    const kept = await state.storage.get(mediaKeyOf(last?.path ?? '') ?? '')
    expect(kept).not.toBeNull()
    const meta = await sharp(kept ?? Buffer.alloc(0)).metadata()
    expect(meta.format).toBe('jpeg')
    expect(meta.exif, 'no EXIF at all, so no GPS').toBeUndefined()
    expect(exifHasGps(meta.exif)).toBe(false)

    // Listed with the model's colours.
    const model = await state.h.call('GET', `/pictures/products/${encodeURIComponent(state.product.id)}`, {
      cookie: state.marketing.cookie,
    })
    expect(model.status, model.text).toBe(200)
    const colours = model.body.colours as Array<{ product_id: string; pictures: Picture[] }>
    expect(colours.find((colour) => colour.product_id === state.product.id)?.pictures.at(-1)?.path).toBe(last?.path)
    const found = await state.h.call('GET', `/pictures/products?q=${encodeURIComponent(state.product.nameEn)}`, {
      cookie: state.marketing.cookie,
    })
    expect(found.status, found.text).toBe(200)
    expect(found.body.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ family_id: state.product.familyId })]),
    )

    const served = await rendition(last?.path ?? '', 'fm=webp&w=320&h=240&fit=cover')
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/webp')
    const size = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
    expect([size.width, size.height]).toEqual([320, 240])

    const [entry] = await auditOf('picture.add')
    expect(entry?.actorId).toBe(state.marketing.staff.id)
    expect((entry?.after as { pictures: string[] }).pictures.at(-1)).toBe(last?.path)
  })

  it('turns a sideways photo upright by its EXIF orientation', async () => {
    const added = await upload(state.marketing, state.product.id, await sidewaysJpeg(300, 100))
    expect(added.status, added.text).toBe(201)
    const last = picturesOf(added.body).at(-1)
    expect([last?.width, last?.height]).toEqual([100, 300])
    const kept = await state.storage.get(mediaKeyOf(last?.path ?? '') ?? '')
    const meta = await sharp(kept ?? Buffer.alloc(0)).metadata()
    expect([meta.width, meta.height, meta.orientation]).toEqual([100, 300, undefined])
  })

  it('refuses by content, size and pixels with a code and the staff’s words, keeping nothing', async () => {
    const before = (await state.database.db.select().from(products).where(eq(products.id, state.product.id)))[0]
    const text = await upload(state.marketing, state.product.id, Buffer.from('not a picture at all, just words'), {
      'content-type': 'image/png',
    })
    expect(text.status).toBe(415)
    expect(text.body).toMatchObject({ reason: 'PICTURE_REFUSED', fields: { picture: 'notImage' } })
    expect(text.body.message).toBe('This file is not a JPEG, PNG, WebP or AVIF picture')

    // Starts like a JPEG, is not one.
    const fake = await upload(state.marketing, state.product.id, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]))
    expect(fake.status).toBe(415)

    const bomb = await upload(state.marketing, state.product.id, await pngBomb(30_000), { 'content-type': 'image/png' })
    expect(bomb.status).toBe(422)
    expect(bomb.body).toMatchObject({ reason: 'PICTURE_REFUSED', fields: { picture: 'tooManyPixels' } })

    const large = Buffer.alloc(PICTURE_MAX_BYTES + 1, 0)
    large.set([0xff, 0xd8, 0xff, 0xe0])
    const oversized = await upload(state.marketing, state.product.id, large)
    expect(oversized.status).toBe(413)
    expect(oversized.body).toMatchObject({ reason: 'PICTURE_REFUSED', fields: { picture: 'tooLarge' } })

    const after = (await state.database.db.select().from(products).where(eq(products.id, state.product.id)))[0]
    expect(after?.images).toEqual(before?.images)
  })

  it('answers a Thai-speaking member of staff in Thai', async () => {
    // The member of staff chose Thai (the back office's language setting writes the same column).
    await state.database.db.update(staff).set({ language: 'th' }).where(eq(staff.id, state.marketing.staff.id))
    const refused = await upload(state.marketing, state.product.id, await pngBomb(20_000), {
      'content-type': 'image/png',
    })
    expect(refused.status).toBe(422)
    expect(refused.body.message).toBe('รูปภาพมีขนาดเกิน 40 ล้านพิกเซล โปรดย่อรูปก่อนอัปโหลด')
    await state.database.db.update(staff).set({ language: 'en' }).where(eq(staff.id, state.marketing.staff.id))
  })

  it('reorders, describes and sets a focal point, each audited and on the shop’s very next answer', async () => {
    const added = await upload(state.marketing, state.product.id, await redLeftBlueRight(400, 200), {
      'content-type': 'image/png',
    })
    expect(added.status, added.text).toBe(201)
    const pictures = picturesOf(added.body)
    const fresh = pictures.at(-1)
    if (!fresh) return expect.fail('no picture added')
    const order = [fresh.id, ...pictures.slice(0, -1).map((picture) => picture.id)]
    const reordered = await state.h.call('PUT', `/products/${state.product.id}/pictures/order`, {
      cookie: state.marketing.cookie,
      body: { pictures: order },
    })
    expect(reordered.status, reordered.text).toBe(200)
    expect(picturesOf(reordered.body).map((picture) => picture.id)).toEqual(order)
    expect((await publicImages('en'))[0]?.path).toBe(fresh.path)

    const notAll = await state.h.call('PUT', `/products/${state.product.id}/pictures/order`, {
      cookie: state.marketing.cookie,
      body: { pictures: order.slice(1) },
    })
    expect(notAll.status).toBe(400)
    expect(notAll.body).toMatchObject({ fields: { pictures: 'not_a_permutation' } })

    const described = await state.h.call('PATCH', `/products/${state.product.id}/pictures/${fresh.id}`, {
      cookie: state.marketing.cookie,
      body: { alt_th: 'เสื้อสีแดงและน้ำเงิน', alt_en: 'A red and blue shirt', focal: { x: 0.9, y: 0.5 } },
    })
    expect(described.status, described.text).toBe(200)
    expect(picturesOf(described.body)[0]).toMatchObject({
      alt_th: 'เสื้อสีแดงและน้ำเงิน',
      alt_en: 'A red and blue shirt',
      focal: { x: 0.9, y: 0.5 },
    })
    expect((await publicImages('th'))[0]).toMatchObject({ alt: 'เสื้อสีแดงและน้ำเงิน', focal: { x: 0.9, y: 0.5 } })
    expect((await publicImages('en'))[0]?.alt).toBe('A red and blue shirt')

    // The square crop keeps the blue right when the focal point is there, the red left when it is there.
    const right = await rendition(fresh.path, 'fm=png&w=100&h=100&fit=cover&fp=0.9,0.5')
    expect(await pixelAt(Buffer.from(await right.arrayBuffer()), 50, 50)).toEqual([0, 0, 255])
    const left = await rendition(fresh.path, 'fm=png&w=100&h=100&fit=cover&fp=0.1,0.5')
    expect(await pixelAt(Buffer.from(await left.arrayBuffer()), 50, 50)).toEqual([255, 0, 0])
    expect((await rendition(fresh.path, 'fp=2,0.5')).status).toBe(400)

    const badFocal = await state.h.call('PATCH', `/products/${state.product.id}/pictures/${fresh.id}`, {
      cookie: state.marketing.cookie,
      body: { focal: { x: 1.5, y: 0 } },
    })
    expect(badFocal.status).toBe(400)
    const missing = await state.h.call('PATCH', `/products/${state.product.id}/pictures/no-such.jpg`, {
      cookie: state.marketing.cookie,
      body: { alt_en: 'x' },
    })
    expect(missing.status).toBe(404)

    const [reorder] = await auditOf('picture.reorder')
    expect((reorder?.after as { pictures: string[] }).pictures[0]).toBe(fresh.path)
    expect((reorder?.before as { pictures: string[] }).pictures.at(-1)).toBe(fresh.path)
    const [edit] = await auditOf('picture.edit')
    expect(edit?.before).toMatchObject({ path: fresh.path, altEn: fresh.alt_en })
    expect(edit?.after).toMatchObject({ altEn: 'A red and blue shirt', focal: { x: 0.9, y: 0.5 } })
  })

  it('deletes a picture and then its kept file', async () => {
    const added = await upload(state.marketing, state.product.id, await jpegWithGps(200, 200, '#27ae60'))
    const picture = picturesOf(added.body).at(-1)
    if (!picture) return expect.fail('no picture added')
    const key = mediaKeyOf(picture.path) ?? ''
    expect(await state.storage.get(key)).not.toBeNull()
    const deleted = await state.h.call('DELETE', `/products/${state.product.id}/pictures/${picture.id}`, {
      cookie: state.marketing.cookie,
    })
    expect(deleted.status, deleted.text).toBe(200)
    expect(picturesOf(deleted.body).map((each) => each.id)).not.toContain(picture.id)
    expect(await state.storage.get(key)).toBeNull()
    expect((await publicImages('en')).map((image) => image.path)).not.toContain(picture.path)
    const [entry] = await auditOf('picture.delete')
    expect(entry?.before).toMatchObject({ path: picture.path })
  })

  it('denies a role without catalog:write, audited', async () => {
    const denied = await upload(state.warehouse, state.product.id, await jpegWithGps())
    expect(denied.status).toBe(403)
    expect(denied.body.reason).toBe('PERMISSION_DENIED')
    const read = await state.h.call('GET', '/pictures/products', { cookie: state.warehouse.cookie })
    expect(read.status).toBe(403)
  })
})

describe('pictures kept in an S3-compatible bucket', () => {
  const fake = new FakeS3('shop-media', 'AKIATESTKEY')
  let s3: S3MediaStorage
  const { state, upload, rendition, picturesOf } = suite(async () => {
    await fake.start()
    s3 = new S3MediaStorage({
      bucket: 'shop-media',
      endpoint: fake.endpoint,
      region: 'auto',
      accessKeyId: 'AKIATESTKEY',
      secretAccessKey: 'test-secret-key-0123456789',
    })
    return {
      storage: s3,
      stop: async () => {
        s3.destroy()
        await fake.stop()
      },
    }
  })

  it('puts, gets and deletes path-style with signed requests', async () => {
    await s3.put('products/x/a.jpg', new Uint8Array([1, 2, 3]), 'image/jpeg')
    expect(fake.objects.get('products/x/a.jpg')?.type).toBe('image/jpeg')
    expect([...((await s3.get('products/x/a.jpg')) ?? [])]).toEqual([1, 2, 3])
    await s3.delete('products/x/a.jpg')
    expect(await s3.get('products/x/a.jpg')).toBeNull()
    expect(fake.requests.length).toBeGreaterThanOrEqual(4)
    expect(fake.requests.every((request) => request.authorized && request.path.startsWith('/shop-media/'))).toBe(true)

    // A wrong key is refused by the bucket: the storage says so, it does not answer "no such picture".
    const stranger = new S3MediaStorage({
      bucket: 'shop-media',
      endpoint: fake.endpoint,
      region: 'auto',
      accessKeyId: 'AKIAOTHER',
      secretAccessKey: 'test-secret-key-0123456789',
    })
    await expect(stranger.get('products/x/a.jpg')).rejects.toThrow()
    stranger.destroy()
  })

  it('keeps an upload in the bucket, stripped, and the image endpoint renders it from there', async () => {
    const added = await upload(state.marketing, state.product.id, await jpegWithGps(480, 360))
    expect(added.status, added.text).toBe(201)
    const picture = picturesOf(added.body).at(-1)
    const key = mediaKeyOf(picture?.path ?? '') ?? ''
    const object = fake.objects.get(key)
    expect(object?.type).toBe('image/jpeg')
    expect((await sharp(object?.body ?? Buffer.alloc(0)).metadata()).exif).toBeUndefined()
    const served = await rendition(picture?.path ?? '', 'fm=avif&w=240&h=180&fit=cover')
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/avif')

    const deleted = await state.h.call('DELETE', `/products/${state.product.id}/pictures/${picture?.id ?? ''}`, {
      cookie: state.marketing.cookie,
    })
    expect(deleted.status, deleted.text).toBe(200)
    expect(fake.objects.has(key)).toBe(false)
  })
})
