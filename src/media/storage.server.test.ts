import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ConfigError, parseEnv } from '~/config/schema'
import { FileMediaStorage, isMediaKey, mediaStorageOf, S3MediaStorage } from './storage.server'

let root = ''
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'media-test-'))
})
afterEach(async () => {
  await rm(root, { recursive: true, force: true })
})

describe('FileMediaStorage', () => {
  it('puts, gets and deletes, leaving no temporary file behind', async () => {
    const storage = new FileMediaStorage(root)
    await storage.put('products/p-1/a.jpg', new Uint8Array([1, 2, 3]), 'image/jpeg')
    await storage.put('products/p-1/a.jpg', new Uint8Array([4, 5]), 'image/jpeg')
    expect([...((await storage.get('products/p-1/a.jpg')) ?? [])]).toEqual([4, 5])
    expect(await readdir(join(root, 'products/p-1'))).toEqual(['a.jpg'])
    await storage.delete('products/p-1/a.jpg')
    expect(await storage.get('products/p-1/a.jpg')).toBeNull()
    await expect(storage.delete('products/p-1/a.jpg')).resolves.toBeUndefined()
  })

  it('refuses a key that could leave its folder', async () => {
    const storage = new FileMediaStorage(root)
    for (const key of ['../escape.jpg', '/etc/passwd', 'a/../../b.jpg', 'A/Upper.jpg', '', 'a//b.jpg']) {
      expect(isMediaKey(key), key).toBe(false)
      await expect(storage.put(key, new Uint8Array([1]), 'image/jpeg'), key).rejects.toThrow()
    }
  })
})

describe('the media storage the environment configures', () => {
  const base = { SHOP_MODE: 'demo', DATA_DIR: '/tmp/shop-data' }

  it('is files under DATA_DIR/media without a bucket, the bucket with one', () => {
    expect(mediaStorageOf(parseEnv(base))).toBeInstanceOf(FileMediaStorage)
    const s3 = mediaStorageOf(
      parseEnv({
        ...base,
        MEDIA_S3_BUCKET: 'shop-media',
        MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000',
        MEDIA_S3_ACCESS_KEY_ID: 'minio',
        MEDIA_S3_SECRET_ACCESS_KEY: 'minio-secret',
      }),
    )
    expect(s3).toBeInstanceOf(S3MediaStorage)
    if (s3 instanceof S3MediaStorage) s3.destroy()
  })

  it('stops the start on a half-configured bucket, naming what is missing and hiding the secret', () => {
    const half = () => parseEnv({ ...base, MEDIA_S3_BUCKET: 'shop-media', MEDIA_S3_SECRET_ACCESS_KEY: 'a-secret-key' })
    expect(half).toThrow(ConfigError)
    expect(half).toThrow(/MEDIA_S3_ACCESS_KEY_ID: MEDIA_S3_BUCKET, MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET/)
    expect(() => parseEnv({ ...base, MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/MEDIA_S3_BUCKET/)
    let message = ''
    try {
      parseEnv({ ...base, MEDIA_S3_BUCKET: 'Not A Bucket', MEDIA_S3_SECRET_ACCESS_KEY: 'a-secret-key' })
    } catch (error) {
      message = String(error)
    }
    expect(message).toContain('MEDIA_S3_BUCKET')
    expect(message).toContain('MEDIA_S3_SECRET_ACCESS_KEY')
    expect(message).not.toContain('a-secret-key')
  })
})
