import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { request as playwrightRequest } from '@playwright/test'
import { expect, test } from './test'
import { confirmCode, createMember } from './accounts'
import { stopServer } from './stop-server'

const PORT = 3198
const BASE = `http://localhost:${PORT}`
let server: ChildProcess | null = null
let dataDir = ''

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'store-secure-'))
  server = spawn(process.execPath, ['.output/server/index.mjs'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SECURE_COOKIES: 'true',
      SITE_URL: BASE,
      OTP_IP_HOURLY_LIMIT: '1000',
    },
    stdio: 'ignore',
  })
  await expect
    .poll(async () => (await fetch(`${BASE}/robots.txt`).catch(() => null))?.status ?? 0, { timeout: 30_000 })
    .toBe(200)
})

test.afterAll(async () => {
  await stopServer(server)
  rmSync(dataDir, { recursive: true, force: true })
})

test('over HTTPS settings the session cookie is __Host-, Secure, HttpOnly and SameSite=Lax', async ({ browser }) => {
  test.setTimeout(60_000)
  const api = await playwrightRequest.newContext({ baseURL: BASE })
  const member = await createMember(api)
  // Chromium treats localhost as a secure context, so it keeps Secure and __Host- cookies over http.
  const context = await browser.newContext({ baseURL: BASE, locale: 'th-TH' })
  const page = await context.newPage()
  const response = await page.goto('/account/login')
  expect(response?.headers()['strict-transport-security']).toContain('max-age=')
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await page.getByRole('textbox', { name: 'เบอร์โทรศัพท์' }).fill(member.telephone)
  await page.getByRole('button', { name: 'ส่ง' }).click()
  await confirmCode(page, api, member.e164, 'รหัส OTP')
  await page.getByRole('button', { name: 'ยืนยัน' }).click()
  await expect(page).toHaveURL(/\/account$/)

  const cookies = await context.cookies()
  const session = cookies.find((cookie) => cookie.name === '__Host-session')
  expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' })
  expect(cookies.find((cookie) => cookie.name === 'session')).toBeUndefined()
  await context.close()
  await api.dispose()
})
