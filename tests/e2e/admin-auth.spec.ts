import { devices, type Page } from '@playwright/test'
import { uniqueEmail } from './accounts'
import { Authenticator, inviteByCommand, newStaff, signInByApi } from './staff'
import { expectNoViolations, openAdmin, signInOnScreen } from './support/admin'
import { expect, test } from './test'

/**
 * Staff in the back office's own screens (issue 31 items 1 and 11): an invitation accepted in the browser, a TOTP app
 * enrolled from the page, the recovery codes, the sign-in with each factor, the signed-in frame and sign-out, the way
 * back to a protected screen, what a role may open, and the staff member's own sessions; in Thai and in English.
 */

const WORDS = {
  th: {
    base: '/admin',
    owner: 'เจ้าของ',
    name: 'ชื่อของคุณ',
    language: 'ไทย',
    continue: 'ดำเนินการต่อ',
    totp: 'ใช้แอปยืนยันตัวตน',
    appCode: 'รหัสที่แอปแสดง',
    check: 'ตรวจสอบรหัส',
    codes: 'รหัสกู้คืน',
    kept: 'ฉันเก็บรหัสกู้คืนไว้แล้ว',
    toSignIn: 'ไปที่หน้าเข้าสู่ระบบ',
    signInTitle: 'เข้าสู่ระบบสำหรับพนักงาน',
    home: 'วันนี้',
    nav: 'ระบบหลังร้าน',
    orders: 'คำสั่งซื้อ',
    sessions: 'เซสชันของฉัน',
    signOut: 'ออกจากระบบ',
    wrongFactor: 'การยืนยันขั้นที่สองไม่ถูกต้อง',
    invalid: 'ลิงก์คำเชิญนี้ใช้ไม่ได้',
  },
  en: {
    base: '/en/admin',
    owner: 'Owner',
    name: 'Your name',
    language: 'English',
    continue: 'Continue',
    totp: 'Use an authenticator app',
    appCode: 'Code shown by the app',
    check: 'Check code',
    codes: 'Recovery codes',
    kept: 'I have kept my recovery codes',
    toSignIn: 'Go to the sign-in',
    signInTitle: 'Staff sign-in',
    home: 'Today',
    nav: 'Back office',
    orders: 'Orders',
    sessions: 'My sessions',
    signOut: 'Sign out',
    wrongFactor: 'The second factor is not right',
    invalid: 'This invitation link is not valid',
  },
} as const

/** The navigation's links, by their names. */
async function navLinks(page: Page, name: string) {
  return page.getByRole('navigation', { name }).getByRole('link').allTextContents()
}

for (const language of ['th', 'en'] as const) {
  const words = WORDS[language]

  test(`${language}: an owner accepts the invitation, enrols an app, keeps the codes, signs in and out, and a recovery code works once`, async ({
    page,
  }) => {
    test.setTimeout(180_000)
    const email = uniqueEmail(`owner-${language}`)
    const token = await inviteByCommand(email, 'owner')
    const name = language === 'th' ? 'นก ใจดี' : 'Nok Jaidee'

    // The link's fragment is read, then taken out of the address bar.
    await openAdmin(page, `${words.base}/invite#${token}`)
    await expect(page).toHaveURL(new RegExp(`${words.base}/invite$`))
    await expect(page.getByText(email)).toBeVisible()
    await expect(page.getByText(words.owner, { exact: true })).toBeVisible()
    await expectNoViolations(page, `${words.base}/invite, the details`)
    await page.getByRole('textbox', { name: words.name }).fill(name)
    await page.getByRole('radio', { name: words.language }).check()
    await page.getByRole('button', { name: words.continue }).click()

    await page.getByRole('button', { name: words.totp }).click()
    const secretText = await page.getByTestId('totp-secret').textContent()
    const secret = (secretText ?? '').replace(/\s+/g, '')
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
    await expect(page.locator('img.admin-qr')).toHaveAttribute('src', /^data:image\/svg\+xml/)
    await expectNoViolations(page, `${words.base}/invite, the authenticator app`)
    const authenticator = new Authenticator(secret)
    const code = page.getByRole('textbox', { name: words.appCode })
    await code.fill(await authenticator.code())
    await page.getByRole('button', { name: words.check }).click()

    const list = page.getByRole('list', { name: words.codes })
    await expect(list.getByRole('listitem')).toHaveCount(10)
    const recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((text) => text.trim())
    await expectNoViolations(page, `${words.base}/invite, the recovery codes`)
    await page.getByRole('checkbox', { name: words.kept }).check()
    await page.getByRole('button', { name: words.toSignIn }).click()

    // The sign-in, in the language chosen.
    await expect(page).toHaveURL(new RegExp(`${words.base}/sign-in$`))
    await expect(page.getByRole('heading', { level: 1, name: words.signInTitle })).toBeVisible()
    await expectNoViolations(page, `${words.base}/sign-in`)
    const staff = { email, authenticator }
    await signInOnScreen(page, staff, language)
    await expect(page).toHaveURL(new RegExp(`${words.base}$`))
    await expect(page.getByRole('heading', { level: 1, name: words.home })).toBeVisible()
    const nav = page.getByRole('navigation', { name: words.nav })
    await expect(nav).toContainText(name)
    await expect(nav).toContainText(words.owner)
    expect(await navLinks(page, words.nav)).toEqual(expect.arrayContaining([words.orders, words.sessions]))
    expect(await navLinks(page, words.nav)).not.toContain(language === 'th' ? 'เข้าสู่ระบบ' : 'Sign in')

    // Signed out, a protected screen sends to the sign-in, and the sign-in back to it (with a recovery code).
    await nav.getByRole('button', { name: words.signOut }).click()
    await expect(page).toHaveURL(new RegExp(`${words.base}/sign-in$`))
    await openAdmin(page, `${words.base}/sessions/mine`)
    await expect(page).toHaveURL(new RegExp(`${words.base}/sign-in\\?redirect=%2Fsessions%2Fmine$`))
    await signInOnScreen(page, staff, language, recoveryCodes[0])
    await expect(page).toHaveURL(new RegExp(`${words.base}/sessions/mine$`))
    await expect(page.getByRole('heading', { level: 1, name: words.sessions })).toBeVisible()
    await expectNoViolations(page, `${words.base}/sessions/mine`)

    // The same recovery code does not sign in twice.
    await page.getByRole('button', { name: words.signOut }).click()
    await expect(page).toHaveURL(new RegExp(`${words.base}/sign-in$`))
    await signInOnScreen(page, staff, language, recoveryCodes[0])
    await expect(page.getByRole('alert')).toHaveText(new RegExp(words.wrongFactor))
    await expect(page).toHaveURL(new RegExp(`${words.base}/sign-in$`))
  })

  test(`${language}: an invitation link that is not valid says so`, async ({ page }) => {
    await openAdmin(page, `${words.base}/invite#not-a-real-invitation-token-0000`)
    await expect(page.getByRole('alert')).toContainText(words.invalid)
    await expect(page).toHaveURL(new RegExp(`${words.base}/invite$`))
    await expectNoViolations(page, `${words.base}/invite, not valid`)
  })
}

test('a signed-in staff member who opens the sign-in goes home, or to the page asked for', async ({ page }) => {
  const staff = await newStaff(page.request, 'read_only', { language: 'en' })
  await signInByApi(page.context().request, staff)
  await openAdmin(page, '/en/admin/sign-in')
  await expect(page).toHaveURL(/\/en\/admin$/)
  await openAdmin(page, '/en/admin/sign-in?redirect=%2Forders')
  await expect(page).toHaveURL(/\/en\/admin\/orders$/)
})

test('a role sees only what it may open, and is told when it opens another screen', async ({ page }) => {
  const marketing = await newStaff(page.request, 'marketing', { language: 'th', name: 'Fai' })
  await signInByApi(page.context().request, marketing)
  await openAdmin(page, '/admin')
  const links = await navLinks(page, 'ระบบหลังร้าน')
  expect(links).toContain('เซสชันของฉัน')
  expect(links).not.toContain('คำสั่งซื้อ')
  await expect(page.getByRole('navigation', { name: 'ระบบหลังร้าน' })).toContainText('การตลาด')
  await openAdmin(page, '/admin/orders')
  await expect(page.getByRole('alert')).toHaveText('บทบาทของคุณเปิดหน้านี้ไม่ได้ หากต้องใช้ โปรดติดต่อเจ้าของร้าน')

  // A read-only member sees the orders, and no sign-in link once signed in.
  const readOnly = await newStaff(page.request, 'read_only', { language: 'en' })
  await page.context().clearCookies()
  await signInByApi(page.context().request, readOnly)
  await openAdmin(page, '/en/admin')
  expect(await navLinks(page, 'Back office')).toEqual(['Home', 'Orders', 'Reports', 'My sessions', 'My alerts'])
  await expect(page.getByRole('navigation', { name: 'Back office' })).toContainText('Read only')
})

test.describe('on a phone', () => {
  const pixel = devices['Pixel 7']
  test.use({
    viewport: pixel.viewport,
    userAgent: pixel.userAgent,
    deviceScaleFactor: pixel.deviceScaleFactor,
    isMobile: pixel.isMobile,
    hasTouch: pixel.hasTouch,
  })

  test('a warehouse member signs in on the phone, finds their sessions in the menu and ends another one', async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(120_000)
    const staff = await newStaff(page.request, 'warehouse', { language: 'th', name: 'Kai' })
    // A session elsewhere (a desk computer).
    const desk = await playwright.request.newContext({ baseURL, userAgent: devices['Desktop Chrome'].userAgent })
    await signInByApi(desk, staff)

    await openAdmin(page, '/admin/sign-in')
    await signInOnScreen(page, staff, 'th')
    await expect(page).toHaveURL(/\/admin$/)
    await page.getByRole('button', { name: 'เมนู' }).click()
    const nav = page.getByRole('navigation', { name: 'ระบบหลังร้าน' })
    await expect(nav).toContainText('Kai')
    await expect(nav).toContainText('คลังสินค้า')
    await nav.getByRole('link', { name: 'เซสชันของฉัน' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'เซสชันของฉัน' })).toBeVisible()
    const sessions = page.locator('.admin-sessions > li')
    await expect(sessions).toHaveCount(2)
    await expect(page.locator('.admin-sessions > li[aria-current="true"]')).toContainText('(เซสชันนี้)')
    await expect(page.locator('.admin-sessions > li[aria-current="true"]')).toContainText('Android')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await expectNoViolations(page, '/admin/sessions/mine on a phone')

    await page.getByRole('button', { name: /^ออกจากเซสชันนี้/ }).click()
    await expect(sessions).toHaveCount(1)
    // The desk's session has ended.
    expect((await desk.get('/api/admin/demo/me', { headers: { 'x-staff-request': '1' } })).status()).toBe(401)
    await desk.dispose()

    // Ten new recovery codes, after a confirmation (the second factor was given at sign-in, minutes ago): shown once.
    await page.getByRole('button', { name: 'รหัสกู้คืนชุดใหม่' }).click()
    await page.getByRole('button', { name: 'สร้างรหัสใหม่' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'รหัสเดิมใช้ไม่ได้แล้ว' })).toBeVisible()
    const renewed = await page.getByRole('list', { name: 'รหัสกู้คืน' }).locator('code').allTextContents()
    expect(renewed).toHaveLength(10)
    expect(renewed.filter((code) => staff.recoveryCodes.includes(code))).toEqual([])
    await expectNoViolations(page, '/admin/sessions/mine, new recovery codes')
  })
})
