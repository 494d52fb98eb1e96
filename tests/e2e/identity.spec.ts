import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './test'
import { codeFor, confirmCode, createMember, logIn, uniqueEmail, uniqueMobile } from './accounts'
import { gotoHydrated } from './hydration'

/**
 * Issue 15: a new e-mail or telephone takes effect only with the code sent to it, and the member sees and ends the
 * sessions of their devices, in Thai and in English.
 */

const API = '/api/public/demo'
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'

/** Another device of the member: a login through the API with that device's user agent and CDN country. */
async function loginElsewhere(request: APIRequestContext, email: string, headers: Record<string, string> = {}) {
  const sent = await request.post(`${API}/auth/login-code`, { data: { identifier: email }, headers })
  expect(sent.status()).toBe(201)
  const challenge = (await sent.json()) as { challenge_token: string; ref_code: string }
  const code = await codeFor(request, email, challenge.ref_code)
  const verified = await request.post(`${API}/auth/verify`, {
    data: { challenge_token: challenge.challenge_token, code },
    headers,
  })
  expect(verified.status()).toBe(200)
  return ((await verified.json()) as { token: string }).token
}

async function meStatus(request: APIRequestContext, token: string): Promise<number> {
  return (await request.get(`${API}/me`, { headers: { authorization: `Bearer ${token}` } })).status()
}

test.describe('identity changes', () => {
  test('a new e-mail in Thai: the code goes to it, the old one is told, other devices are logged out @mobile', async ({
    page,
    request,
  }) => {
    const member = await createMember(request)
    const newEmail = uniqueEmail('new')
    await logIn(page, request, member)
    const elsewhere = await loginElsewhere(request, member.email)

    await page.getByRole('button', { name: 'แก้ไข' }).click()
    await page.getByRole('textbox', { name: 'อีเมล' }).fill(newEmail)
    await page.getByRole('textbox', { name: 'ชื่อ-นามสกุล' }).fill('สมหญิง เปลี่ยนอีเมล')
    await page.getByRole('button', { name: 'บันทึก' }).click()

    await expect(page).toHaveURL(/\/account\/confirm-otp/)
    await expect(page.getByRole('heading', { level: 1, name: 'ยืนยันอีเมลใหม่' })).toBeVisible()
    await expect(page.getByText(/เราส่งรหัส 6 หลักไปที่อีเมลใหม่ .+ แล้ว/)).toBeVisible()
    await expect(page.getByText('อีเมลปัจจุบันของคุณยังใช้งานได้จนกว่าคุณจะกรอกรหัส')).toBeVisible()
    // Until the code is entered the old address is still the member's; the name was saved at once.
    const before = await request.get(`${API}/me`, { headers: { authorization: `Bearer ${elsewhere}` } })
    expect(await before.json()).toMatchObject({ email: member.email, fullname: 'สมหญิง เปลี่ยนอีเมล' })

    await confirmCode(page, request, newEmail, 'รหัส OTP')
    await page.getByRole('button', { name: 'ยืนยัน' }).click()
    await expect(page).toHaveURL(/\/account\?changed=email$/)
    await expect(page.getByRole('status')).toContainText('เปลี่ยนอีเมลแล้ว อุปกรณ์อื่นของคุณถูกออกจากระบบแล้ว')
    await expect(page.getByText(newEmail)).toBeVisible()
    expect(await meStatus(request, elsewhere)).toBe(401)

    const outbox = await request.get(`${API}/dev/outbox?recipient=${encodeURIComponent(member.email)}`)
    const { items } = (await outbox.json()) as { items: Array<{ subject: string; body: string }> }
    expect(items.map((item) => item.subject)).toContain('อีเมลของคุณถูกเปลี่ยนแล้ว')
    // This browser stays logged in (with a new session).
    await gotoHydrated(page, '/account')
    await expect(page).toHaveURL(/\/account$/)
  })

  test('a new telephone in English, and a taken one refused', async ({ browser, request }) => {
    const member = await createMember(request)
    const other = await createMember(request)
    const context = await browser.newContext({ locale: 'en-US' })
    const page = await context.newPage()
    await logIn(page, request, member, { locale: 'en', by: 'email' })

    await page.getByRole('button', { name: 'Edit' }).click()
    await page.getByRole('textbox', { name: 'Telephone' }).fill(other.telephone)
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('TELEPHONE NUMBER ALREADY EXISTS').first()).toBeVisible()
    await expect(page).toHaveURL(/\/en\/account$/)

    const phone = uniqueMobile()
    await page.getByRole('textbox', { name: 'Telephone' }).fill(phone.local)
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/en\/account\/confirm-otp/)
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your new telephone number' })).toBeVisible()
    await expect(page.getByText(/We sent a six-digit code by SMS to your new telephone number/)).toBeVisible()
    await expect(page.getByText('Your current telephone number stays until you enter the code.')).toBeVisible()
    await expect(page.getByText('Once confirmed, your other devices are logged out.')).toBeVisible()
    await confirmCode(page, request, phone.e164, 'One-time code')
    await page.getByRole('button', { name: 'Confirm' }).click()
    await expect(page).toHaveURL(/\/en\/account\?changed=telephone$/)
    await expect(page.getByRole('status')).toContainText(
      'Your telephone number was changed. Your other devices were logged out.',
    )
    await expect(page.getByText(phone.e164)).toBeVisible()
    await context.close()
  })
})

test.describe('devices logged in', () => {
  test(
    'in English: this device marked, another logged out, then all others',
    { tag: '@cluster' },
    async ({ browser, request }) => {
      const member = await createMember(request)
      const phone = await loginElsewhere(request, member.email, { 'user-agent': SAFARI_IPHONE, 'cf-ipcountry': 'JP' })
      const laptop = await loginElsewhere(request, member.email, { 'user-agent': FIREFOX_WINDOWS })
      const context = await browser.newContext({ locale: 'en-US' })
      const page = await context.newPage()
      await logIn(page, request, member, { locale: 'en', by: 'email' })

      const devices = page.getByRole('region', { name: 'Devices logged in' })
      await expect(devices).toBeVisible()
      // The registration logged in too (createMember): four sessions.
      await expect(devices.getByRole('listitem')).toHaveCount(4)
      const here = devices.getByRole('listitem').filter({ hasText: 'This device' })
      await expect(here).toHaveCount(1)
      await expect(here.getByRole('button')).toHaveCount(0)
      const iphone = devices.getByRole('listitem').filter({ hasText: 'Safari on iPhone' })
      await expect(iphone).toContainText('Japan')
      await expect(iphone).toContainText(/Last seen \d/)
      await expect(devices.getByRole('listitem').filter({ hasText: 'Firefox on Windows' })).toContainText(
        'Country unknown',
      )

      await devices.getByRole('button', { name: /^Log out Safari on iPhone, last seen/ }).click()
      await expect(devices.getByRole('status')).toHaveText('That device was logged out.')
      await expect(devices.getByRole('listitem')).toHaveCount(3)
      expect(await meStatus(request, phone)).toBe(401)
      expect(await meStatus(request, laptop)).toBe(200)

      await devices.getByRole('button', { name: 'Log out everywhere else' }).click()
      await expect(devices.getByRole('status')).toHaveText('Other devices logged out: 2')
      await expect(devices.getByRole('listitem')).toHaveCount(1)
      await expect(devices.getByText('No other device is logged in.')).toBeVisible()
      await expect(devices.getByRole('button', { name: 'Log out everywhere else' })).toHaveCount(0)
      expect(await meStatus(request, laptop)).toBe(401)
      await context.close()
    },
  )

  test('in Thai: the country of this device, and log out everywhere @mobile', async ({ browser, request }) => {
    const member = await createMember(request)
    const elsewhere = await loginElsewhere(request, member.email, { 'user-agent': SAFARI_IPHONE })
    const context = await browser.newContext({ locale: 'th-TH', extraHTTPHeaders: { 'cf-ipcountry': 'TH' } })
    const page = await context.newPage()
    await logIn(page, request, member)

    const devices = page.getByRole('region', { name: 'อุปกรณ์ที่เข้าสู่ระบบอยู่' })
    const here = devices.getByRole('listitem').filter({ hasText: 'อุปกรณ์นี้' })
    await expect(here).toContainText('ไทย')
    await expect(devices.getByRole('listitem').filter({ hasText: 'Safari บน iPhone' })).toContainText('ไม่ทราบประเทศ')
    await expect(devices.getByRole('button', { name: /^ออกจากระบบ Safari บน iPhone/ })).toBeVisible()

    await devices.getByRole('button', { name: 'ออกจากระบบทุกอุปกรณ์' }).click()
    await expect(page).toHaveURL(/\/account\/login$/)
    expect(await meStatus(request, elsewhere)).toBe(401)
    await gotoHydrated(page, '/account')
    await expect(page).toHaveURL(/\/account\/login\?redirect=/)
    await context.close()
  })
})
