import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * An S3-compatible bucket on loopback for the media storage's tests (decision 194): path-style PutObject, GetObject,
 * HeadObject and DeleteObject, each refused with 403 unless it carries a SigV4 Authorization header for the expected
 * access key. It keeps the objects in memory and the requests it answered, for the tests to look at.
 */
export class FakeS3 {
  readonly objects = new Map<string, { body: Buffer; type: string }>()
  readonly requests: Array<{ method: string; path: string; authorized: boolean }> = []
  private server: Server | null = null
  private port = 0

  constructor(
    readonly bucket: string,
    readonly accessKeyId: string,
  ) {}

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`
  }

  async start(): Promise<void> {
    const server = createServer((request, response) => {
      void this.answer(request).then(
        ({ status, body, headers }) => {
          response.writeHead(status, headers)
          response.end(request.method === 'HEAD' ? undefined : body)
        },
        () => {
          response.writeHead(500)
          response.end()
        },
      )
    })
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    this.port = (server.address() as AddressInfo).port
    this.server = server
  }

  async stop(): Promise<void> {
    const server = this.server
    this.server = null
    if (server) await new Promise<void>((done) => server.close(() => done()))
  }

  private async answer(
    request: IncomingMessage,
  ): Promise<{ status: number; body?: Buffer | string; headers?: Record<string, string> }> {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks)
    const url = new URL(request.url ?? '/', 'http://fake-s3')
    const authorization = request.headers.authorization ?? ''
    const authorized =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/\d{8}\/[^/]+\/s3\/aws4_request, SignedHeaders=[^,]+, Signature=[0-9a-f]{64}$/.exec(
        authorization,
      )?.[1] === this.accessKeyId && typeof request.headers['x-amz-date'] === 'string'
    this.requests.push({ method: request.method ?? '', path: url.pathname, authorized })
    const xml = (status: number, code: string) => ({
      status,
      body: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
      headers: { 'content-type': 'application/xml' },
    })
    if (!authorized) return xml(403, 'AccessDenied')
    const prefix = `/${this.bucket}/`
    if (!url.pathname.startsWith(prefix)) return xml(404, 'NoSuchBucket')
    const key = decodeURIComponent(url.pathname.slice(prefix.length))
    switch (request.method) {
      case 'PUT':
        this.objects.set(key, { body, type: request.headers['content-type'] ?? 'application/octet-stream' })
        return { status: 200, headers: { etag: '"fake"' } }
      case 'GET':
      case 'HEAD': {
        const object = this.objects.get(key)
        if (!object) return xml(404, 'NoSuchKey')
        return {
          status: 200,
          body: object.body,
          headers: { 'content-type': object.type, 'content-length': String(object.body.length) },
        }
      }
      case 'DELETE':
        this.objects.delete(key)
        return { status: 204 }
      default:
        return xml(405, 'MethodNotAllowed')
    }
  }
}
