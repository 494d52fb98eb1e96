import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from './test'
import { LINE_CHANNEL, startFakeLine } from './fake-line'
import { gotoHydrated } from './hydration'
import { stopServer } from './stop-server'

const PORT = 3197
const BASE = `http://127.0.0.1:${PORT}`
const user = { sub: `U${'0123456789abcdef'.repeat(2)}`, name: 'Nok LINE', email: 'nok.line@example.com' }
let server: ChildProcess | null = null
let line: Awaited<ReturnType<typeof startFakeLine>> | null = null
let dataDir = ''

test.beforeAll(async () => {
  line = await startFakeLine(user)
  dataDir = mkdtempSync(join(tmpdir(), 'store-line-'))
  server = spawn(process.execPath, ['.output/server/index.mjs'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_URL: BASE,
      LINE_CHANNEL_ID: LINE_CHANNEL.id,
      LINE_CHANNEL_SECRET: LINE_CHANNEL.secret,
      LINE_AUTH_URL: line.url,
      LINE_API_URL: line.url,
    },
    stdio: 'ignore',
  })
  await expect
    .poll(async () => (await fetch(`${BASE}/robots.txt`).catch(() => null))?.status ?? 0, { timeout: 30_000 })
    .toBe(200)
})

test.afterAll(async () => {
  await stopServer(server)
  await line?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

test('LINE Login: off to LINE with PKCE, back with a new member, and a cancelled attempt explained', async ({
  browser,
}) => {
  test.setTimeout(60_000)
  const context = await browser.newContext({ baseURL: BASE, locale: 'en-US' })
  const page = await context.newPage()

  line?.refuseNext(true)
  await page.goto('/en/account/login')
  // With a channel the page promises LINE, and offers it.
  await expect(
    page.getByText('Log in with a one-time code sent to your telephone or e-mail, or with LINE.'),
  ).toBeVisible()
  await page.getByRole('link', { name: 'Login with LINE' }).click()
  await expect(page).toHaveURL(/\/en\/account\/login\?line=cancelled/)
  await expect(page.getByRole('alert')).toContainText('LINE login was cancelled.')

  line?.refuseNext(false)
  await page.goto('/en/product/linen-wrap-dress-1001')
  await page.getByRole('link', { name: 'My account' }).click()
  await page.getByRole('link', { name: 'Login with LINE' }).click()
  await expect(page).toHaveURL(/\/en\/product\/linen-wrap-dress-1001$/)
  const cookies = await context.cookies()
  expect(cookies.find((cookie) => cookie.name === 'session')?.httpOnly).toBe(true)

  await page.goto('/en/account')
  await expect(page.getByText(user.name)).toBeVisible()
  await expect(page.getByText(user.email)).toBeVisible()
  await context.close()
})

test('a guest who hearts a piece and logs in with LINE finds it in the wishlist (issue 29 item 12)', async ({
  browser,
}) => {
  test.setTimeout(60_000)
  const context = await browser.newContext({ baseURL: BASE, locale: 'en-US' })
  const page = await context.newPage()
  await page.goto('/en/product/linen-wrap-dress-1001')
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await page.getByRole('button', { name: 'Add to wishlist' }).click()
  const dialog = page.getByRole('dialog', { name: 'Please log in' })
  await expect(dialog).toContainText('We add it for you when you are back.')
  await dialog.getByRole('link', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/en\/account\/login\?.*wish=linen-wrap-dress-1001/)
  await page.getByRole('link', { name: 'Login with LINE' }).click()
  await expect(page).toHaveURL(/\/en\/product\/linen-wrap-dress-1001$/)
  await expect(page.getByRole('button', { name: 'In your wishlist' })).toHaveAttribute('aria-pressed', 'true')
  // The round trip's cookie is gone once LINE sent the shopper back.
  expect((await context.cookies()).some((cookie) => cookie.name === 'line_wish')).toBe(false)
  await context.close()
})

test('without LINE set up, the login page neither offers nor promises it, in Thai and English', async ({ page }) => {
  // The suite's own server has no LINE channel (LINE_CHANNEL_ID unset).
  for (const path of ['/account/login', '/en/account/login']) {
    await gotoHydrated(page, path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('link', { name: /LINE/ })).toHaveCount(0)
    await expect(page.getByRole('main')).not.toContainText('LINE')
    expect(await page.locator('meta[name="description"]').getAttribute('content')).not.toContain('LINE')
  }
})
