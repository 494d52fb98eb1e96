import { createHash } from 'node:crypto'
import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import type { z } from 'zod'
import type { AltchaChallenge } from '~/api/accounts/captcha.server'
import { issuedChallengeSchema, outboxSchema, sessionGrantSchema } from '~/contract/accounts'
import { apiErrorSchema } from '~/contract/errors'
import type { Database } from '~/db/client.server'
import { members } from '~/db/schema'
import type { ApiApp } from '../api-app'
import type { Clock } from './clock'

/** What the account suites read of an answer: its status and its JSON body (null when empty). */
export type Reply = { status: number; body: unknown }
export type Issued = z.infer<typeof issuedChallengeSchema>
export type Grant = z.infer<typeof sessionGrantSchema>
export type ApiErrorBody = z.infer<typeof apiErrorSchema>

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

let sequence = 0
/** A number no other call in this test file gets (each file has its own module and its own database). */
export const next = () => ++sequence
/** Unique identifiers, so that tests sharing the database never share counters, cooldowns or locks. */
export const uniqueEmail = (tag: string) => `${tag}.${next()}@example.com`
export function uniqueIp(): string {
  const n = next()
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
}

/** A refusal with this status and reason (the error's own code says the status too). */
export function expectError(reply: Reply, status: number, reason: string): ApiErrorBody {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status)
  const error = apiErrorSchema.parse(reply.body)
  expect(error.code).toBe(status)
  expect(error.reason).toBe(reason)
  return error
}

/** A code sent: the challenge the next step answers. */
export function expectIssued(reply: Reply): Issued {
  expect(reply.status, JSON.stringify(reply.body)).toBe(201)
  return issuedChallengeSchema.parse(reply.body)
}

/** A session granted. */
export function expectGrant(reply: Reply): Grant {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return sessionGrantSchema.parse(reply.body)
}

/** Solves the proof-of-work challenge of a refusal the way the widget does, and returns the payload it sends. */
export async function solve(captcha: ApiErrorBody['captcha']): Promise<string> {
  if (captcha?.kind !== 'altcha' || !captcha.challenge)
    throw new Error(`no ALTCHA challenge: ${JSON.stringify(captcha)}`)
  const challenge = captcha.challenge as unknown as AltchaChallenge
  const solution = await solveChallenge({ challenge, deriveKey })
  if (!solution) throw new Error('challenge not solved')
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
}

/** A member as registration and a confirmed e-mail leave it: both values confirmed by a code (issue 29) at `at`. */
export async function verifiedMember(
  db: Database['db'],
  at: Date,
  values: { email?: string | null; telephone?: string | null; fullname?: string },
) {
  const [row] = await db
    .insert(members)
    .values({
      fullname: values.fullname ?? 'Test Member',
      email: values.email ?? null,
      emailVerifiedAt: values.email ? at : null,
      telephone: values.telephone ?? null,
      telephoneVerifiedAt: values.telephone ? at : null,
    })
    .returning()
  if (!row) throw new Error('member not created')
  return row
}

/** The member's row as stored now. */
export async function storedMember(db: Database['db'], id: string) {
  const [row] = await db.select().from(members).where(eq(members.id, id))
  if (!row) throw new Error('member gone')
  return row
}

/**
 * What every account suite's harness shares: one API app with its own clock, and the development outbox where the
 * codes it sends are read. A suite's harness says how it calls (which connection, which headers).
 */
export abstract class AccountsHarness {
  abstract readonly clock: Clock
  abstract readonly app: ApiApp
  abstract call(method: 'GET', path: string): Promise<Reply>

  async outbox(recipient: string) {
    const reply = await this.call('GET', `/dev/outbox?recipient=${encodeURIComponent(recipient)}`)
    expect(reply.status).toBe(200)
    return outboxSchema.parse(reply.body).items
  }

  /** The code of the message with this reference, read from the development outbox. */
  async codeFor(recipient: string, refCode: string): Promise<string> {
    const message = (await this.outbox(recipient)).find((item) => item.body.includes(refCode))
    if (!message) throw new Error(`no message with ref ${refCode} for ${recipient}`)
    const code = /(?<!\d)\d{6}(?!\d)/.exec(message.body)?.[0]
    if (!code) throw new Error('no code in the message')
    return code
  }
}
