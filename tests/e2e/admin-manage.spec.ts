import { readFile } from 'node:fs/promises'
import { AxeBuilder } from '@axe-core/playwright'
import { devices, type APIRequestContext, type Page } from '@playwright/test'
import { ADMIN_API, STAFF_HEADERS, newStaff, signInByApi } from './staff'
import { expect, test } from './test'

/**
 * The back office's staff screens (issue 31 items 1–4): the owner invites, changes a role, makes an API key (shown
 * once, then working as a Bearer key) and revokes it (then refused), and finds each in the audit log; the step-up
 * dialog asks for the second factor again before a key or export action once the 5 minutes have passed; a
 * customer-service member sees none of these screens and is refused them by URL.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

async function expectNoViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze()
  const lines = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help}\n` +
      violation.nodes.map((node) => `    at ${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join('\n'),
  )
  expect(lines, `axe violations on ${where}:\n${lines.join('\n')}`).toEqual([])
}

/** The words the test looks for, in each language of the back office. */
const WORDS = {
  th: {
    base: '/admin',
    nav: ['พนักงาน', 'บทบาท', 'คีย์ API', 'เซสชันของพนักงาน', 'บันทึกการตรวจสอบ'],
    email: 'อีเมล',
    role: 'บทบาท',
    invite: 'เชิญ',
    newRoleFor: (name: string) => `บทบาทใหม่ของ ${name}`,
    changeRole: 'เปลี่ยนบทบาท',
    manager: 'ผู้จัดการ',
    isNow: (name: string) => `${name} มีบทบาทเป็น ผู้จัดการ แล้ว`,
    keyName: 'ชื่อ',
    days: 'ใช้ได้ (วัน)',
    createKey: 'สร้างคีย์',
    revoke: (name: string) => `เพิกถอน ${name}`,
    revokeConfirm: 'เพิกถอนคีย์',
    revoked: (name: string) => `เพิกถอนคีย์ ${name} แล้ว คีย์นี้ใช้ไม่ได้อีก`,
    dialog: 'ยืนยันว่าเป็นคุณ',
    code: 'รหัสจากแอปยืนยันตัวตนหรือรหัสกู้คืน',
    confirm: 'ยืนยัน',
    actor: 'รหัสผู้กระทำ',
    action: 'การกระทำ',
    filter: 'กรอง',
    exportCsv: 'ส่งออก CSV',
    newRole: 'บทบาทใหม่',
    forbidden: 'บทบาทของคุณเปิดหน้านี้ไม่ได้',
  },
  en: {
    base: '/en/admin',
    nav: ['Staff', 'Roles', 'API keys', 'Staff sessions', 'Audit log'],
    email: 'E-mail address',
    role: 'Role',
    invite: 'Invite',
    newRoleFor: (name: string) => `New role for ${name}`,
    changeRole: 'Change role',
    manager: 'Manager',
    isNow: (name: string) => `${name} is now Manager.`,
    keyName: 'Name',
    days: 'Valid for (days)',
    createKey: 'Create key',
    revoke: (name: string) => `Revoke ${name}`,
    revokeConfirm: 'Revoke the key',
    revoked: (name: string) => `The key ${name} was revoked: it no longer works.`,
    dialog: 'Confirm it is you',
    code: 'Authenticator code or recovery code',
    confirm: 'Confirm',
    actor: 'Actor id',
    action: 'Action',
    filter: 'Filter',
    exportCsv: 'Export CSV',
    newRole: 'New role',
    forbidden: 'Your role does not allow this screen',
  },
} as const

/** The signed-in staff member's id, from /me. */
async function idOf(request: APIRequestContext): Promise<string> {
  const response = await request.get(`${ADMIN_API}/me`, { headers: STAFF_HEADERS })
  expect(response.status()).toBe(200)
  return ((await response.json()) as { id: string }).id
}

/** Opens a back-office screen and waits for its heading. */
async function open(page: Page, path: string) {
  await page.goto(path)
  await expect(page.locator('#admin-main h1')).toBeVisible()
}

/** The audit log filtered by the owner and one action: at least one entry, with the action's code. */
async function expectAudited(page: Page, words: (typeof WORDS)['th' | 'en'], actorId: string, action: string) {
  await page.getByLabel(words.actor, { exact: true }).fill(actorId)
  await page.getByLabel(words.action, { exact: true }).fill(action)
  await page.getByRole('button', { name: words.filter, exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`action=${action.replace('.', '\\.')}`))
  const rows = page.locator('tbody tr').filter({ has: page.locator('code', { hasText: action }) })
  await expect(rows.first()).toBeVisible()
}

for (const language of ['th', 'en'] as const) {
  const words = WORDS[language]

  test(`the owner invites, changes a role, makes and revokes an API key, and finds them in the audit log (${language})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000)
    // The browser's clock is the test's: moved 6 minutes on, the session's step-up window has passed for the page.
    await page.clock.install()
    const owner = await newStaff(page.request, 'owner', { language, name: `Owner ${language} ${Date.now()}` })
    const colleagueName = `Warehouse ${language} ${Date.now()}`
    await newStaff(request, 'warehouse', { language, name: colleagueName })
    await signInByApi(page.request, owner)
    const ownerId = await idOf(page.request)

    // Staff: the nav has the owner's screens; invite someone, the link shown once.
    await open(page, `${words.base}/staff`)
    const nav = page.getByRole('navigation').first()
    for (const label of words.nav) await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible()
    await expectNoViolations(page, `${words.base}/staff`)
    const invited = `invited-${language}-${Date.now()}@example.com`
    await page.getByLabel(words.email, { exact: true }).fill(invited)
    await page.getByRole('button', { name: words.invite, exact: true }).click()
    await expect(page.getByTestId('shown-once')).toHaveValue(/\/admin\/invite#[A-Za-z0-9_-]+$/)

    // A colleague's role changed, said on the page.
    const row = page.getByRole('row').filter({ hasText: colleagueName })
    await row.getByLabel(words.newRoleFor(colleagueName)).selectOption({ label: words.manager })
    await row.getByRole('button', { name: words.changeRole }).click()
    await expect(page.getByRole('status').filter({ hasText: words.isNow(colleagueName) })).toBeVisible()
    await expect(row.getByRole('cell', { name: words.manager, exact: true })).toBeVisible()

    // An API key, shown once, works as a Bearer key.
    await nav.getByRole('link', { name: words.nav[2], exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`${words.base}/api-keys$`))
    const keyName = `Till ${language} ${Date.now()}`
    await page.getByLabel(words.keyName, { exact: true }).fill(keyName)
    await page.getByLabel(words.days, { exact: true }).fill('30')
    await page.getByRole('button', { name: words.createKey, exact: true }).click()
    const shown = page.getByTestId('shown-once')
    await expect(shown).toHaveValue(/^sk_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/)
    const key = await shown.inputValue()
    const bearer = { authorization: `Bearer ${key}` }
    // GET /me is for staff sessions only (403 STAFF_ONLY for a key); the roles are any signed-in caller's, keys too.
    const asKey = async () => (await request.get(`${ADMIN_API}/roles`, { headers: bearer })).status()
    expect(await asKey()).toBe(200)
    await expectNoViolations(page, `${words.base}/api-keys`)

    // Six minutes later (for the page): revoking asks for the second factor again. Escape cancels and gives the focus
    // back; a recovery code then steps up for real and the revocation goes through.
    await page.clock.fastForward('06:00')
    await page.getByRole('button', { name: words.revoke(keyName), exact: true }).click()
    const confirmRevoke = page.getByRole('button', { name: words.revokeConfirm, exact: true })
    await confirmRevoke.click()
    const dialog = page.getByRole('dialog', { name: words.dialog })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByLabel(words.code)).toBeFocused()
    await expectNoViolations(page, 'the step-up dialog')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(confirmRevoke).toBeFocused()
    expect(await asKey()).toBe(200)

    await confirmRevoke.click()
    await expect(dialog).toBeVisible()
    await dialog.getByLabel(words.code).fill(owner.recoveryCodes[0] ?? '')
    await dialog.getByRole('button', { name: words.confirm, exact: true }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('status').filter({ hasText: words.revoked(keyName) })).toBeVisible()
    expect(await asKey()).toBe(401)

    // The roles and sessions screens are clean too.
    await open(page, `${words.base}/roles`)
    await page.getByRole('button', { name: words.newRole, exact: true }).click()
    await expectNoViolations(page, `${words.base}/roles`)
    await open(page, `${words.base}/staff-sessions`)
    await expectNoViolations(page, `${words.base}/staff-sessions`)

    // Each write is in the audit log, filtered by the owner and its action (the URL is the view).
    await open(page, `${words.base}/audit`)
    await expectNoViolations(page, `${words.base}/audit`)
    for (const action of ['invite.create', 'staff.update', 'api_key.create', 'api_key.revoke', 'session.step_up'])
      await expectAudited(page, words, ownerId, action)
    await expect(page).toHaveURL(new RegExp(`actor=${ownerId}`))

    // The CSV export is a step-up action as well. The page was loaded again, with the window the server gave the
    // step-up above, which this page's clock (6 minutes ahead) sees as passed: asked again, another recovery code.
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: words.exportCsv, exact: true }).click()
    await expect(dialog).toBeVisible()
    await dialog.getByLabel(words.code).fill(owner.recoveryCodes[1] ?? '')
    await dialog.getByRole('button', { name: words.confirm, exact: true }).click()
    const file = await download
    await expect(dialog).toBeHidden()
    expect(file.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = await readFile((await file.path()) ?? '', 'utf8')
    // The same view as the screen's (the owner's step-ups, the last filter), this export's own step-up among them.
    const lines = csv.trim().split(/\r?\n/)
    expect(lines[0]).toMatch(/^id,at,actor_type,actor_id,actor_label,action,/)
    expect(lines.length).toBeGreaterThanOrEqual(3)
    for (const line of lines.slice(1)) expect(line).toContain(`,${ownerId},`)
    for (const line of lines.slice(1)) expect(line).toContain(',session.step_up,')
  })

  test(`customer service sees none of the staff screens and is refused them by URL (${language})`, async ({ page }) => {
    test.setTimeout(90_000)
    const member = await newStaff(page.request, 'customer_service', { language })
    await signInByApi(page.request, member)
    await open(page, words.base)
    const nav = page.getByRole('navigation').first()
    for (const label of words.nav) await expect(nav.getByRole('link', { name: label, exact: true })).toHaveCount(0)
    for (const path of ['/staff', '/roles', '/api-keys', '/staff-sessions', '/audit']) {
      await page.goto(`${words.base}${path}`)
      await expect(page.getByRole('alert').filter({ hasText: words.forbidden })).toBeVisible()
    }
  })
}

/** A Pixel 7's screen and touch, in whichever project runs it (a describe may not change the browser type). */
const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7']

test.describe('on a phone in the stockroom', () => {
  test.use(pixel7)

  test('the owner reaches the API keys from the menu, and the screen fits the phone', async ({ page }) => {
    test.setTimeout(90_000)
    const owner = await newStaff(page.request, 'owner')
    await signInByApi(page.request, owner)
    await open(page, '/admin')
    await page.getByRole('button', { name: 'เมนู' }).click()
    await page.getByRole('link', { name: 'คีย์ API', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'คีย์ API' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'สร้างคีย์', exact: true })).toBeInViewport()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await expectNoViolations(page, '/admin/api-keys on a phone')
  })
})
