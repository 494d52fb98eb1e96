import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises'
import { dirname, isAbsolute, relative, resolve } from 'node:path'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'

/**
 * Where the back office's pictures are kept (issue 32 item 2, decision 194): a key (`products/<id>/<uuid>.jpg`) to
 * bytes. Files under DATA_DIR/media by default; an S3-compatible bucket when one is configured, so that several
 * instances of the shop serve the same pictures.
 */
export type MediaStorage = {
  /** What the storage is, for logs and the decision record: `files` or `s3`. */
  readonly kind: 'files' | 's3'
  put(key: string, bytes: Uint8Array, type: string): Promise<void>
  /** The bytes kept under the key, or null when there are none. */
  get(key: string): Promise<Buffer | null>
  /** Removes the key; a key that is not there is no error. */
  delete(key: string): Promise<void>
}

/** A key of the storage: lower-case segments of [a-z0-9._-], no dot segments, 300 characters at most. */
const KEY = /^[a-z0-9][a-z0-9._-]*(?:\/[a-z0-9][a-z0-9._-]*)*$/

export function isMediaKey(key: string): boolean {
  return key.length <= 300 && KEY.test(key) && !key.split('/').some((segment) => segment.includes('..'))
}

function checkedKey(key: string): string {
  if (!isMediaKey(key)) throw new Error(`Not a media key: ${JSON.stringify(key)}`)
  return key
}

function isMissing(error: unknown): boolean {
  const code = error instanceof Error && 'code' in error ? error.code : undefined
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR'
}

/** Files under a folder (DATA_DIR/media): each written next to its place and renamed, so a reader never sees half. */
export class FileMediaStorage implements MediaStorage {
  readonly kind = 'files'
  private readonly root: string

  constructor(root: string) {
    this.root = resolve(root)
  }

  private fileOf(key: string): string {
    const file = resolve(this.root, checkedKey(key))
    const inside = relative(this.root, file)
    if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) throw new Error('A media key left its folder')
    return file
  }

  /** The type is not kept: the image endpoint reads each picture's type from its content. */
  async put(key: string, bytes: Uint8Array, _type?: string): Promise<void> {
    const file = this.fileOf(key)
    await mkdir(dirname(file), { recursive: true })
    const temp = `${file}.${process.pid}.${randomUUID()}.tmp`
    try {
      await writeFile(temp, bytes, { flag: 'wx' })
      await rename(temp, file)
    } catch (error) {
      await unlink(temp).catch(() => undefined)
      throw error
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.fileOf(key))
    } catch (error) {
      if (isMissing(error)) return null
      throw error
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.fileOf(key))
    } catch (error) {
      if (!isMissing(error)) throw error
    }
  }
}

export type S3MediaOptions = {
  bucket: string
  /** An S3-compatible service's origin (MinIO, R2…); none: AWS's own for the region. */
  endpoint?: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** Path-style addressing (`endpoint/bucket/key`), as MinIO and R2 expect; default: on when an endpoint is given. */
  forcePathStyle?: boolean
}

/** An S3-compatible bucket through the official AWS SDK (requests signed with SigV4). */
export class S3MediaStorage implements MediaStorage {
  readonly kind = 's3'
  private readonly client: S3Client

  constructor(private readonly options: S3MediaOptions) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? options.endpoint !== undefined,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      maxAttempts: 3,
    })
  }

  async put(key: string, bytes: Uint8Array, type: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: checkedKey(key),
        Body: bytes,
        ContentType: type,
        ContentLength: bytes.byteLength,
        CacheControl: 'private, max-age=0',
      }),
    )
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: checkedKey(key) }))
      if (!answer.Body) return null
      return Buffer.from(await answer.Body.transformToByteArray())
    } catch (error) {
      if (error instanceof NoSuchKey) return null
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null
      throw error
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: checkedKey(key) }))
  }

  destroy(): void {
    this.client.destroy()
  }
}

/** The storage the environment configures (checked at start-up: a bucket comes with both keys, or none is set). */
export function mediaStorageOf(env: {
  DATA_DIR: string
  MEDIA_S3_BUCKET?: string
  MEDIA_S3_ENDPOINT?: string
  MEDIA_S3_REGION: string
  MEDIA_S3_ACCESS_KEY_ID?: string
  MEDIA_S3_SECRET_ACCESS_KEY?: string
  MEDIA_S3_PATH_STYLE?: boolean
}): MediaStorage {
  if (env.MEDIA_S3_BUCKET && env.MEDIA_S3_ACCESS_KEY_ID && env.MEDIA_S3_SECRET_ACCESS_KEY) {
    return new S3MediaStorage({
      bucket: env.MEDIA_S3_BUCKET,
      endpoint: env.MEDIA_S3_ENDPOINT,
      region: env.MEDIA_S3_REGION === 'auto' && !env.MEDIA_S3_ENDPOINT ? 'us-east-1' : env.MEDIA_S3_REGION,
      accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID,
      secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.MEDIA_S3_PATH_STYLE,
    })
  }
  return new FileMediaStorage(resolve(env.DATA_DIR, 'media'))
}
