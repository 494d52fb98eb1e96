import { createHash, randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SignJWT } from 'jose'

export const LINE_CHANNEL = { id: '1654321098', secret: 'e2e-line-channel-secret' }

type Grant = { nonce: string; challenge: string; redirectUri: string }

/**
 * A LINE Login stand-in on loopback, as far as the browser journey needs it: the authorisation page
 * (consents at once, or refuses when the user is 'cancel'), the token endpoint with its PKCE check, and an
 * HS256 ID token signed with the channel secret (what LINE does for web login).
 */
export async function startFakeLine(user: { sub: string; name: string; email: string }) {
  const grants = new Map<string, Grant>()
  let refuse = false
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake-line')
    if (url.pathname === '/oauth2/v2.1/authorize') {
      const redirectUri = url.searchParams.get('redirect_uri') ?? ''
      const state = url.searchParams.get('state') ?? ''
      const target = new URL(redirectUri)
      if (refuse || url.searchParams.get('code_challenge_method') !== 'S256') {
        target.searchParams.set('error', 'access_denied')
      } else {
        const code = randomBytes(12).toString('hex')
        grants.set(code, {
          nonce: url.searchParams.get('nonce') ?? '',
          challenge: url.searchParams.get('code_challenge') ?? '',
          redirectUri,
        })
        target.searchParams.set('code', code)
      }
      target.searchParams.set('state', state)
      res.writeHead(302, { Location: target.toString() }).end()
      return
    }
    if (url.pathname === '/oauth2/v2.1/token' && req.method === 'POST') {
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk.toString()))
      req.on('end', () => {
        const form = new URLSearchParams(body)
        const grant = grants.get(form.get('code') ?? '')
        grants.delete(form.get('code') ?? '')
        const verifier = form.get('code_verifier') ?? ''
        const pkceOk = grant && createHash('sha256').update(verifier).digest('base64url') === grant.challenge
        if (!grant || !pkceOk || form.get('client_secret') !== LINE_CHANNEL.secret) {
          res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: 'invalid_grant' }))
          return
        }
        void new SignJWT({ nonce: grant.nonce, name: user.name, email: user.email })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setIssuer('https://access.line.me')
          .setSubject(user.sub)
          .setAudience(LINE_CHANNEL.id)
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode(LINE_CHANNEL.secret))
          .then((idToken) => {
            res.writeHead(200, { 'Content-Type': 'application/json' }).end(
              JSON.stringify({
                access_token: randomBytes(16).toString('hex'),
                token_type: 'Bearer',
                refresh_token: randomBytes(16).toString('hex'),
                expires_in: 2592000,
                scope: 'profile openid email',
                id_token: idToken,
              }),
            )
          })
      })
      return
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    refuseNext(value: boolean) {
      refuse = value
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
