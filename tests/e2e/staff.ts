import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import type { APIRequestContext } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import type { BuiltInRole } from '../../src/domain/staff-permissions'
import { codeFor, uniqueEmail } from './accounts'
import { expect } from './test'

/**
 * The back office's staff in the browser tests (issue 31): invited as a shop's owner does it, with
 * `npm run staff:invite` (the command asks the running test server by a control request, decision 176), enrolled with a
 * TOTP app whose codes the test computes, and signed in with the e-mail code read from the demo outbox.
 */

/** The admin API of the demo store, as the back office calls it. */
export const ADMIN_API = '/api/admin/demo'
/** What the back office sends with every cookie call (the API's CSRF check). */
export const STAFF_HEADERS = { 'x-staff-request': '1' }

const run = promisify(execFile)

/**
 * Where the staff command finds the test server's shop (playwright.config.ts): the embedded database's directory,
 * whose running shop it asks; or, behind nginx (E2E_CLUSTER), the cluster's PostgreSQL (scripts/cluster.mjs puts it
 * on 25000 + the port's last three digits), which it connects to like the instances do.
 */
function commandPlace(): { DATA_DIR: string; DATABASE_URL?: string } {
  if (!process.env.E2E_CLUSTER) return { DATA_DIR: '.e2e-data' }
  const port = Number(process.env.E2E_PORT ?? 3100)
  const pgPort = Number(process.env.CLUSTER_PG_PORT ?? 25_000 + (port % 1000))
  return { DATA_DIR: '.e2e-cluster/app-1', DATABASE_URL: `postgres://postgres@127.0.0.1:${pgPort}/store` }
}

/** An invitation made by the command line against the running test server: the token of the link it printed. */
export async function inviteByCommand(email: string, role: BuiltInRole): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'scripts/staff.ts', 'invite', '--email', email, '--role', role],
    { env: { ...process.env, ...commandPlace(), SITE_URL: 'https://shop.example.com' }, timeout: 60_000 },
  )
  const token = /\/admin\/invite#([A-Za-z0-9_-]+)/.exec(stdout)?.[1]
  if (!token) throw new Error(`no invitation link in: ${stdout}`)
  return token
}

/**
 * TOTP codes of one secret, each time step used once as the API asks. The API takes one step either side of its
 * clock, so the first code is the step before the current one, and three codes (enrolment, sign-in, a step-up) come
 * without waiting; only a fourth within one step waits for the clock (up to 30 s).
 */
export class Authenticator {
  private lastStep = 0

  constructor(readonly secret: string) {}

  async code(): Promise<string> {
    const period = 30_000
    const current = () => Math.floor(Date.now() / period)
    // The step before only while it stays in the API's window for 12 s more (typing and the answer's trip).
    const earliest = period - (Date.now() % period) > 12_000 ? current() - 1 : current()
    const step = Math.max(earliest, this.lastStep + 1)
    while (step > current() + 1) await new Promise((done) => setTimeout(done, 1_000))
    this.lastStep = step
    return TOTP.generate({ secret: Secret.fromBase32(this.secret), timestamp: step * period })
  }
}

/** A staff member the tests made: invited, enrolled with a TOTP app, with their ten recovery codes. */
export type TestStaff = {
  email: string
  name: string
  authenticator: Authenticator
  recoveryCodes: string[]
}

async function json<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(response.status(), await response.text()).toBeLessThan(300)
  return (await response.json()) as T
}

/** Accepts an invitation through the API (name, language, a TOTP app), as the invitation screen does. */
export async function enrolByApi(
  request: APIRequestContext,
  token: string,
  { name, language }: { name: string; language: 'th' | 'en' },
): Promise<Omit<TestStaff, 'email' | 'name'>> {
  const headers = { ...STAFF_HEADERS, 'x-invite-token': token }
  await json(await request.post(`${ADMIN_API}/invite/accept`, { headers, data: { name, language } }))
  const { secret } = await json<{ secret: string }>(await request.post(`${ADMIN_API}/invite/totp`, { headers }))
  const authenticator = new Authenticator(secret)
  const enrolled = await json<{ recovery_codes: string[] }>(
    await request.post(`${ADMIN_API}/invite/totp/confirm`, { headers, data: { code: await authenticator.code() } }),
  )
  return { authenticator, recoveryCodes: enrolled.recovery_codes }
}

/** A new staff member of `role`, invited by the command line and enrolled through the API. */
export async function newStaff(
  request: APIRequestContext,
  role: BuiltInRole,
  { language = 'th' as 'th' | 'en', name = `Staff ${role}` } = {},
): Promise<TestStaff> {
  const email = uniqueEmail(`staff-${role}`)
  const token = await inviteByCommand(email, role)
  return { email, name, ...(await enrolByApi(request, token, { name, language })) }
}

/** The e-mail code of a staff sign-in, from the demo outbox. */
export function staffCodeFor(request: APIRequestContext, email: string, ref: string): Promise<string> {
  return codeFor(request, email, ref)
}

/**
 * Signs `staff` in through the API on `request` (a browser context's own request, so the session cookie is the
 * context's): e-mail, the code from the outbox, the authenticator's code.
 */
export async function signInByApi(request: APIRequestContext, staff: TestStaff): Promise<void> {
  const started = await json<{ sign_in_token: string; ref_code: string }>(
    await request.post(`${ADMIN_API}/auth/sign-in`, { headers: STAFF_HEADERS, data: { email: staff.email } }),
  )
  const code = await staffCodeFor(request, staff.email, started.ref_code)
  await json(
    await request.post(`${ADMIN_API}/auth/sign-in/code`, {
      headers: STAFF_HEADERS,
      data: { sign_in_token: started.sign_in_token, code },
    }),
  )
  await json(
    await request.post(`${ADMIN_API}/auth/sign-in/totp`, {
      headers: STAFF_HEADERS,
      data: { sign_in_token: started.sign_in_token, code: await staff.authenticator.code() },
    }),
  )
}
