import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test'
import { gotoHydrated } from './hydration'

const API = '/api/public/demo'

export type TestMember = { fullname: string; email: string; telephone: string; e164: string }

/** A Thai mobile number nobody else in this database has: 08X XXX XXXX. */
export function uniqueMobile(): { local: string; e164: string } {
  const rest = `${1 + Math.floor(Math.random() * 9)}${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`
  return { local: `08${rest}`, e164: `+668${rest}` }
}

export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`
}

/** The code of the newest message to a recipient whose subject carries the reference code. */
export async function codeFor(request: APIRequestContext, recipient: string, ref?: string): Promise<string> {
  let found: string | null = null
  await expect
    .poll(async () => {
      const response = await request.get(`${API}/dev/outbox?recipient=${encodeURIComponent(recipient)}`)
      const { items } = (await response.json()) as { items: Array<{ subject: string; body: string }> }
      const message = items.find((item) => !ref || item.subject.includes(ref))
      found = message ? (/\b(\d{6})\b/.exec(message.body)?.[1] ?? null) : null
      return found
    })
    .not.toBeNull()
  return found ?? ''
}

/**
 * A member created through the API (register, then confirm with the code from the outbox). Registration confirms the
 * telephone; the e-mail is confirmed too with a code sent to it (issue 29), as a member who logs in by e-mail has it,
 * unless `confirmEmail` is false.
 */
export async function createMember(
  request: APIRequestContext,
  options: { confirmEmail?: boolean } = {},
): Promise<TestMember> {
  return (await registerMember(request, options)).member
}

/**
 * A member logged in without the login pages, for a test that checks what a member sees rather than the login: the
 * session their registration's code gave (the e-mail confirmed too unless `confirmEmail` is false), as the session
 * cookie the login pages would have written into `context`.
 */
export async function loggedInMember(
  context: BrowserContext,
  request: APIRequestContext,
  options: { confirmEmail?: boolean } = {},
): Promise<TestMember> {
  const { member, token } = await registerMember(request, options)
  const url = test.info().project.use.baseURL ?? 'http://127.0.0.1'
  await context.addCookies([{ name: 'session', value: token, url, httpOnly: true, sameSite: 'Lax' }])
  return member
}

async function registerMember(
  request: APIRequestContext,
  options: { confirmEmail?: boolean },
): Promise<{ member: TestMember; token: string }> {
  const phone = uniqueMobile()
  const member = { fullname: 'สมหญิง ทดสอบ', email: uniqueEmail('member'), telephone: phone.local, e164: phone.e164 }
  const registered = await request.post(`${API}/auth/register`, {
    data: {
      fullname: member.fullname,
      email: member.email,
      telephone: member.telephone,
      gender: 'female',
      birthdate: '1992-03-14',
      accept_terms: true,
    },
  })
  expect(registered.status()).toBe(201)
  const challenge = (await registered.json()) as { challenge_token: string; ref_code: string }
  const code = await codeFor(request, member.e164, challenge.ref_code)
  const verified = await request.post(`${API}/auth/verify`, {
    data: { challenge_token: challenge.challenge_token, code },
  })
  expect(verified.status()).toBe(200)
  const { token } = (await verified.json()) as { token: string }
  if (options.confirmEmail === false) return { member, token }
  const asked = await request.post(`${API}/me/identity`, {
    data: { field: 'email', value: member.email },
    headers: { authorization: `Bearer ${token}` },
  })
  expect(asked.status()).toBe(201)
  const confirm = (await asked.json()) as { challenge_token: string; ref_code: string }
  const emailCode = await codeFor(request, member.email, confirm.ref_code)
  const confirmed = await request.post(`${API}/auth/verify`, {
    data: { challenge_token: confirm.challenge_token, code: emailCode, previous_session: token },
  })
  expect(confirmed.status()).toBe(200)
  return { member, token: ((await confirmed.json()) as { token: string }).token }
}

/** On the confirm screen: reads the reference code shown and enters the code that went with it. */
export async function confirmCode(page: Page, request: APIRequestContext, recipient: string, codeLabel: string) {
  const ref = (await page.getByTestId('otp-ref').textContent())?.trim() ?? ''
  expect(ref).toMatch(/^[A-Z]{4}$/)
  const code = await codeFor(request, recipient, ref)
  await page.getByRole('textbox', { name: codeLabel }).fill(code)
  return code
}

/** The login and code pages' words, and where each language's pages are. */
const LOGIN_TEXT = {
  th: {
    prefix: '',
    telephone: 'เบอร์โทรศัพท์',
    email: 'อีเมล',
    send: 'ส่ง',
    code: 'รหัส OTP',
    confirm: 'ยืนยัน',
  },
  en: {
    prefix: '/en',
    telephone: 'Telephone',
    email: 'E-mail',
    send: 'Submit',
    code: 'One-time code',
    confirm: 'Confirm',
  },
} as const

export type LogInOptions = {
  /** The language of the login page (Thai, unprefixed, unless said). */
  locale?: 'th' | 'en'
  /** The telephone (confirmed at registration) unless said, or the e-mail. */
  by?: 'telephone' | 'email'
  /** Opens the language's login page first unless false: the test opened a login page of its own (hydrated here). */
  open?: boolean
  /** Expects to land on the account page unless false: the test checks where the login leads. */
  landsOnAccount?: boolean
}

/**
 * The browser tests' one login: on the login page, `member` asks for a code (to their telephone or e-mail), enters
 * the one the outbox holds on the code page, confirms, and lands on their account page.
 */
export async function logIn(page: Page, request: APIRequestContext, member: TestMember, options: LogInOptions = {}) {
  const text = LOGIN_TEXT[options.locale ?? 'th']
  if (options.open === false) await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  else await gotoHydrated(page, `${text.prefix}/account/login`)
  if (options.by === 'email') {
    await page.getByRole('radio', { name: text.email }).check()
    await page.getByRole('textbox', { name: text.email }).fill(member.email)
  } else {
    await page.getByRole('textbox', { name: text.telephone }).fill(member.telephone)
  }
  await page.getByRole('button', { name: text.send }).click()
  await expect(page).toHaveURL(/\/account\/confirm-otp/)
  await confirmCode(page, request, options.by === 'email' ? member.email : member.e164, text.code)
  await page.getByRole('button', { name: text.confirm, exact: true }).click()
  if (options.landsOnAccount !== false) await expect(page).toHaveURL(new RegExp(`${text.prefix}/account$`))
}
