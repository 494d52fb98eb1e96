import { AxeBuilder } from '@axe-core/playwright'
import type { BrowserContext, Page, PlaywrightWorkerArgs } from '@playwright/test'
import type { BuiltInRole } from '../../../src/domain/staff-permissions'
import { newStaff, signInByApi, staffCodeFor, type TestStaff } from '../staff'
import { expect } from '../test'

/** The rules the back office's pages are held to. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

/** Opens a back-office path and waits for the app to have drawn its frame. */
export async function openAdmin(page: Page, path: string) {
  const response = await page.goto(path)
  await expect(page.locator('#admin-main')).toBeVisible()
  return response
}

/** No axe violation on the page as it is now; the failure lists each rule and where. */
export async function expectNoViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze()
  const lines = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help}\n` +
      violation.nodes.map((node) => `    at ${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join('\n'),
  )
  expect(lines, `axe violations on ${where}:\n${lines.join('\n')}`).toEqual([])
}

/** The sign-in screen's words in each language, as a test types into it. */
export const SIGN_IN_WORDS = {
  th: { email: 'อีเมลที่ทำงาน', code: 'รหัสจากอีเมล', factor: 'การยืนยันตัวตนขั้นที่สอง', reference: /อ้างอิง\s*([A-Z0-9]+)/ },
  en: {
    email: 'Work e-mail address',
    code: 'Code from the e-mail',
    factor: 'Second factor',
    reference: /reference ([A-Z0-9]+)/,
  },
} as const

/**
 * Signs `staff` in through the sign-in screen already open on `page`: the e-mail, the code the outbox holds for the
 * reference the screen shows, then `factor` (the authenticator's next code unless a recovery code is given).
 */
export async function signInOnScreen(
  page: Page,
  staff: Pick<TestStaff, 'email' | 'authenticator'>,
  language: 'th' | 'en',
  factor?: string,
) {
  const words = SIGN_IN_WORDS[language]
  const email = page.getByRole('textbox', { name: words.email })
  await email.fill(staff.email)
  await email.press('Enter')
  const code = page.getByRole('textbox', { name: words.code })
  await expect(code).toBeVisible()
  const hint = (await page.locator('.admin-field__hint').first().textContent()) ?? ''
  const reference = words.reference.exec(hint)?.[1]
  expect(reference, hint).toBeTruthy()
  await code.fill(await staffCodeFor(page.request, staff.email, reference ?? ''))
  await code.press('Enter')
  const second = page.getByRole('textbox', { name: words.factor })
  await expect(second).toBeVisible()
  await second.fill(factor ?? (await staff.authenticator.code()))
  await second.press('Enter')
}

type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>
const signedIn = new Map<BuiltInRole, Promise<Cookies>>()

/**
 * The cookies of a staff member of `role` signed in through the API, made once per worker and role: a test that needs
 * a back-office screen, and not the sign-in itself, adds them to its browser context (each sign-in spends a TOTP step,
 * and a third within a minute waits for the clock).
 */
export function staffCookies(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
  role: BuiltInRole = 'owner',
) {
  let cookies = signedIn.get(role)
  if (!cookies) {
    cookies = (async () => {
      const request = await playwright.request.newContext({ baseURL })
      const staff = await newStaff(request, role, { language: 'en' })
      await signInByApi(request, staff)
      const { cookies: made } = await request.storageState()
      await request.dispose()
      return made
    })()
    signedIn.set(role, cookies)
  }
  return cookies
}
