import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import type { Db } from '~/db/client.server'
import { appSecret } from '~/api/accounts/crypto.server'

/** The app secret under which staff TOTP secrets are encrypted (made on first use, kept like the others). */
const TOTP_KEY_SECRET = 'staff-totp-key'

/**
 * AES-256-GCM for secrets kept at rest (a TOTP app's shared secret): `v1.<iv>.<tag>.<ciphertext>`, base64url, a fresh
 * 96-bit IV each time, the row's purpose bound in as associated data so a value cannot be moved to another use.
 */
export class SecretBox {
  private key: Promise<Buffer> | null = null

  constructor(
    private readonly db: Db,
    private readonly name = TOTP_KEY_SECRET,
  ) {}

  private keyBytes(): Promise<Buffer> {
    this.key ??= appSecret(this.db, this.name)
      .then((value) => {
        const bytes = Buffer.from(value, 'base64url')
        if (bytes.length !== 32) throw new Error(`Secret ${this.name} is not 256 bits`)
        return bytes
      })
      .catch((error: unknown) => {
        this.key = null
        throw error
      })
    return this.key
  }

  async seal(plain: string, purpose: string): Promise<string> {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', await this.keyBytes(), iv)
    cipher.setAAD(Buffer.from(purpose))
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
    return ['v1', iv, cipher.getAuthTag(), body]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.')
  }

  async open(sealed: string, purpose: string): Promise<string> {
    const [version, iv, tag, body] = sealed.split('.')
    if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Not a sealed secret')
    const decipher = createDecipheriv('aes-256-gcm', await this.keyBytes(), Buffer.from(iv, 'base64url'))
    decipher.setAAD(Buffer.from(purpose))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
  }
}
