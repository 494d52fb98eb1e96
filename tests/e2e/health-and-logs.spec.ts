import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from './test'
import { gotoHydrated } from './hydration'
import { stopServer } from './stop-server'

/**
 * Operating the shop (issue 14 item 6): the health endpoints, and the request log. A server of its own, whose
 * standard output this spec reads: every line a request wrote is checked for one-time codes, tokens and full
 * e-mail addresses after a real registration and login (codes in JSON bodies, in server-function calls, in
 * query strings).
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 57
const BASE = `http://127.0.0.1:${PORT}`
const API = `${BASE}/api/public/demo`

type LogLine = Record<string, unknown> & { requestId?: string; path?: string; status?: number }

let server: ChildProcess | null = null
let dataDir = ''
let output = ''

function logLines(): LogLine[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine)
}

/** The log line of the request with this id, once the server has written it. */
async function lineOf(requestId: string): Promise<LogLine> {
  await expect.poll(() => logLines().some((line) => line.requestId === requestId)).toBe(true)
  return logLines().find((line) => line.requestId === requestId) as LogLine
}

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  dataDir = mkdtempSync(join(tmpdir(), 'shop-ops-'))
  server = spawn(process.execPath, ['.output/server/index.mjs'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      INSTANCE_ID: 'ops-test',
      LOG_LEVEL: 'info',
      OTP_IP_HOURLY_LIMIT: '100000',
      OTP_RESEND_COOLDOWN_SECONDS: '2',
    },
  })
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${BASE}/readyz`)).status
        } catch {
          return 0
        }
      },
      { timeout: 100_000, intervals: [250] },
    )
    .toBe(200)
})

test.afterAll(async () => {
  await stopServer(server)
  rmSync(dataDir, { recursive: true, force: true })
})

test('liveness and readiness answer JSON, never cached, and are not in the sitemap', { tag: '@cluster' }, async () => {
  const live = await fetch(`${BASE}/healthz`)
  expect(live.status).toBe(200)
  expect(live.headers.get('cache-control')).toBe('no-store')
  expect(await live.json()).toMatchObject({ status: 'ok', stopping: false })

  const ready = await fetch(`${BASE}/readyz`)
  expect(ready.status).toBe(200)
  expect(ready.headers.get('cache-control')).toBe('no-store')
  expect(await ready.json()).toMatchObject({ status: 'ready' })

  expect((await fetch(`${BASE}/readyz`, { method: 'POST' })).status).toBe(405)
  const sitemap = await (await fetch(`${BASE}/sitemap.xml`)).text()
  expect(sitemap).not.toMatch(/healthz|readyz/)
  // A successful probe is logged at debug only: a load balancer asks every few seconds.
  expect(logLines().filter((line) => line.path === '/healthz')).toEqual([])
})

test(
  'each request is one JSON line with its id, method, redacted path, status, duration and instance',
  { tag: '@cluster' },
  async () => {
    const response = await fetch(`${BASE}/en/stores?page=1`, { headers: { 'x-request-id': 'ops-test-request-1' } })
    expect(response.headers.get('x-request-id')).toBe('ops-test-request-1')
    const line = await lineOf('ops-test-request-1')
    expect(line).toMatchObject({
      level: 'info',
      instance: 'ops-test',
      method: 'GET',
      path: '/en/stores?page=1',
      status: response.status,
      msg: 'request',
    })
    expect(typeof line.durationMs).toBe('number')
    expect(new Date(String(line.time)).toISOString()).toBe(line.time)

    // An id that could smuggle text into the log is replaced by one of the server's.
    const forged = await fetch(`${BASE}/robots.txt`, { headers: { 'x-request-id': 'x"} {"level":"fatal' } })
    const id = forged.headers.get('x-request-id') ?? ''
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect((await lineOf(id)).path).toBe('/robots.txt')

    // The product API and refused calls are logged too, with their status.
    const missing = await fetch(`${API}/products/999999999`)
    expect((await lineOf(missing.headers.get('x-request-id') ?? '')).status).toBe(404)
  },
)

test('no one-time code, token or full e-mail address reaches the log', async ({ browser }) => {
  test.setTimeout(90_000)
  const email = `ops-${Date.now().toString(36)}@example.com`
  const rest = String(10_000_000 + Math.floor(Math.random() * 89_999_999))
  const secrets: string[] = [email, encodeURIComponent(email)]

  // Registration: the e-mail and the telephone in a JSON body, the code from the outbox (e-mail in the query).
  const registered = await fetch(`${API}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      fullname: 'Somying Ops',
      email,
      telephone: `08${rest}`,
      gender: 'female',
      birthdate: '1990-01-02',
      accept_terms: true,
    }),
  })
  expect(registered.status).toBe(201)
  const challenge = (await registered.json()) as { challenge_token: string; ref_code: string }
  secrets.push(challenge.challenge_token)
  const codeOf = async (recipient: string, ref: string) => {
    let code = ''
    await expect
      .poll(async () => {
        const outbox = await fetch(`${API}/dev/outbox?recipient=${encodeURIComponent(recipient)}`)
        const { items } = (await outbox.json()) as { items: Array<{ subject: string; body: string }> }
        code = /\b(\d{6})\b/.exec(items.find((item) => item.subject.includes(ref))?.body ?? '')?.[1] ?? ''
        return code
      })
      .not.toBe('')
    return code
  }
  const registrationCode = await codeOf(`+668${rest}`, challenge.ref_code)
  secrets.push(registrationCode)
  const verified = await fetch(`${API}/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ challenge_token: challenge.challenge_token, code: registrationCode }),
  })
  expect(verified.status).toBe(200)
  const grant = (await verified.json()) as { token: string }
  secrets.push(grant.token)

  // The e-mail confirmed by a code sent to it (issue 29: only a confirmed e-mail logs in); that code is a secret too.
  const asked = await fetch(`${API}/me/identity`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${grant.token}` },
    body: JSON.stringify({ field: 'email', value: email }),
  })
  expect(asked.status).toBe(201)
  const confirm = (await asked.json()) as { challenge_token: string; ref_code: string }
  secrets.push(confirm.challenge_token)
  const emailCode = await codeOf(email, confirm.ref_code)
  secrets.push(emailCode)
  const confirmed = await fetch(`${API}/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ challenge_token: confirm.challenge_token, code: emailCode, previous_session: grant.token }),
  })
  expect(confirmed.status).toBe(200)

  // A login in the browser by e-mail: server functions carry the address and the code.
  const context = await browser.newContext({
    baseURL: BASE,
    locale: 'en-US',
    storageState: {
      cookies: [
        {
          name: 'cookie_consent',
          value: 'true',
          domain: '127.0.0.1',
          path: '/',
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax',
        },
      ],
      origins: [],
    },
  })
  const page = await context.newPage()
  await gotoHydrated(page, '/en/account/login')
  await page.getByRole('radio', { name: 'E-mail' }).check()
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page).toHaveURL(/\/en\/account\/confirm-otp/)
  const ref = (await page.getByTestId('otp-ref').textContent())?.trim() ?? ''
  const loginCode = await codeOf(email, ref)
  secrets.push(loginCode)
  await page.getByRole('textbox', { name: 'One-time code' }).fill(loginCode)
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(page).toHaveURL(/\/en\/account$/)
  const session = (await context.cookies()).find((cookie) => cookie.name === 'session')?.value ?? ''
  expect(session.length).toBeGreaterThan(20)
  secrets.push(session)
  await context.close()

  // Secrets in query strings and paths, a Bearer token and an idempotency key in headers.
  const state = 'ops-state-7f3a9c'
  const idempotencyKey = 'ops-idempotency-5e1b'
  const oauthCode = 'ops-oauth-code-91d2'
  secrets.push(state, idempotencyKey, oauthCode)
  const probes = [
    await fetch(`${BASE}/account/line/callback?code=${oauthCode}&state=${state}`, { redirect: 'manual' }),
    await fetch(`${BASE}/en/search?q=${encodeURIComponent(email)}`, { redirect: 'manual' }),
    await fetch(`${BASE}/en/members/${email}`, { redirect: 'manual' }),
    await fetch(`${BASE}/en/cart?token=${grant.token}&id_token=${grant.token}&access_token=${grant.token}`, {
      redirect: 'manual',
    }),
    await fetch(
      `${BASE}/_serverFn/${'a'.repeat(64)}?payload=${encodeURIComponent(JSON.stringify({ email, code: loginCode }))}`,
    ),
    await fetch(`${API}/me`, { headers: { authorization: `Bearer ${grant.token}` } }),
    await fetch(`${API}/orders`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': idempotencyKey,
        authorization: `Bearer ${grant.token}`,
      },
      body: JSON.stringify({ email, code: loginCode }),
    }),
  ]
  for (const response of probes) await lineOf(response.headers.get('x-request-id') ?? '')

  const lines = logLines()
  // The requests above are all there …
  // (two code checks: the registration's and the e-mail's confirmation)
  expect(lines.filter((line) => line.path?.startsWith('/api/public/demo/auth/verify'))).toHaveLength(2)
  expect(lines.some((line) => line.path?.startsWith('/_serverFn/') && line.method === 'POST')).toBe(true)
  expect(lines.some((line) => line.path === '/account/line/callback?code=[redacted]&state=[redacted]')).toBe(true)
  // … with the e-mail address masked where it was part of the URL …
  expect(lines.some((line) => line.path === `/en/search?q=o***%40example.com`)).toBe(true)
  expect(lines.some((line) => line.path === `/en/members/o***@example.com`)).toBe(true)
  // … and no secret anywhere in what the server wrote (a request id, time or duration may hold six digits by chance).
  const written = [
    ...output.split('\n').filter((line) => !line.startsWith('{')),
    ...lines.map(({ requestId: _id, time: _time, durationMs: _duration, ...rest }) => JSON.stringify(rest)),
  ].join('\n')
  for (const secret of secrets) expect(written, `the log holds ${secret}`).not.toContain(secret)
})
