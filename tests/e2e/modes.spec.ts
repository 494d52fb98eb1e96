import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LIVE_ENV } from '../../src/config/live-env.fixture'
import { gotoHydrated } from './hydration'
import { stopServer } from './stop-server'
import { expect, test } from './test'

/**
 * Demo and live modes (docs/decisions/015). The suite's server is the demo: it says so on every page. Live mode
 * is started here from the built server: it refuses to start without real providers, and with them (pointed at
 * loopback, nothing is contacted at start) nothing of the demo is reachable.
 */

test.describe('the demo says so on every page', () => {
  test('in Thai, with a link to the outbox, above the header @mobile', async ({ page }) => {
    for (const path of ['/', '/cart', '/product/linen-wrap-dress-1001']) {
      await gotoHydrated(page, path)
      const notice = page.getByRole('region', { name: 'ร้านค้าสาธิต' })
      await expect(notice).toBeVisible()
      await expect(notice).toContainText('การชำระเงินเป็นเพียงการจำลอง')
      await expect(notice.getByRole('link', { name: 'กล่องขาออก' })).toHaveAttribute('href', '/dev/outbox')
      // Thin, in the flow above the header (it covers nothing), and no wider than the screen.
      const box = await notice.boundingBox()
      const header = await page.locator('header.site-header').boundingBox()
      expect(box && header && box.y + box.height <= header.y + 0.5).toBe(true)
      expect(box?.height ?? 100).toBeLessThan(60)
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    }
    await page.getByRole('region', { name: 'ร้านค้าสาธิต' }).getByRole('link', { name: 'กล่องขาออก' }).click()
    await expect(page).toHaveURL(/\/dev\/outbox$/)
    await expect(page.getByRole('heading', { name: 'กล่องขาออก' })).toBeVisible()
  })

  test('in English', async ({ page }) => {
    for (const path of ['/en', '/en/cart']) {
      await gotoHydrated(page, path)
      const notice = page.getByRole('region', { name: 'Demo shop' })
      await expect(notice).toHaveText(
        'This is a demo shop: payments are simulated and one-time codes are shown in the outbox, not sent.',
      )
      await expect(notice.getByRole('link', { name: 'outbox' })).toHaveAttribute('href', '/en/dev/outbox')
    }
  })
})

/** Starts the built server with this environment; resolves once it answers, or with its exit code. */
function startServer(port: number, env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ['.output/server/index.mjs'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
  })
  const output = { stdout: '', stderr: '' }
  child.stdout?.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const ready = (async () => {
    for (let i = 0; i < 600; i++) {
      if (child.exitCode !== null) return false
      const ok = await fetch(`http://127.0.0.1:${port}/robots.txt`).then(
        (response) => response.ok,
        () => false,
      )
      if (ok) return true
      await new Promise((resolve) => setTimeout(resolve, 150))
    }
    return false
  })()
  return { child, output, exited, ready }
}

/** Every variable live mode needs; providers point at loopback ports where nothing listens. */
const LIVE = LIVE_ENV

const TEST_PAYMENT = '/api/public/demo/test-payments/test_AAAAAAAAAAAAAAAA'

test.describe('live mode, from the built server', () => {
  // One at a time (they share a port); each server that gets as far as the database has its own.
  test.describe.configure({ mode: 'serial' })
  const dataDirs: string[] = []
  const freshDataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-modes-'))
    dataDirs.push(dir)
    return dir
  }
  test.afterAll(() => {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
  })

  test('refuses to start without real providers, naming every missing or unsafe variable at once', async () => {
    const server = startServer(3191, {
      SHOP_MODE: 'live',
      DATA_DIR: freshDataDir(),
      SITE_URL: 'http://shop.example.com',
    })
    const code = await server.exited
    expect(code).not.toBe(0)
    const { stderr } = server.output
    expect(stderr.match(/Live mode \(SHOP_MODE=live\) refuses to start/g)).toHaveLength(1)
    for (const name of [
      'SMS_PROVIDER',
      'SMS_API_KEY',
      'SMS_API_SECRET',
      'SMS_SENDER',
      'SMTP_URL',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'SITE_URL',
      'SECURE_COOKIES',
      'SELLER_NAME',
      'SELLER_ADDRESS',
      'SELLER_TAX_ID',
      'SELLER_BRANCH',
    ]) {
      expect(stderr).toContain(`  ${name}: `)
    }
  })

  test('refuses a test Stripe key and names only that, hiding its value', async () => {
    const server = startServer(3191, { ...LIVE, DATA_DIR: freshDataDir(), STRIPE_SECRET_KEY: 'sk_test_e2esecret0123' })
    expect(await server.exited).not.toBe(0)
    expect(server.output.stderr).toMatch(/STRIPE_SECRET_KEY: must be a live key/)
    expect(server.output.stderr).not.toContain('e2esecret')
    expect(server.output.stderr.match(/^ {2}\w+: /gm)).toHaveLength(1)
  })

  test('starts with everything set: the table says live, and no outbox, test payment page or notice exists', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const server = startServer(3192, { ...LIVE, DATA_DIR: freshDataDir() })
    try {
      expect(await server.ready, server.output.stderr).toBe(true)
      const { stdout } = server.output
      expect(stdout).toMatch(/^Mode: live \(SHOP_MODE=live\)/m)
      for (const provider of ['SMS codes', 'E-mail \\(codes, orders\\)', 'Card payments', 'Bank transfer, PromptPay']) {
        expect(stdout).toMatch(new RegExp(`^ {2}${provider} +live `, 'm'))
      }
      expect(stdout).not.toContain('mail-password')

      const base = 'http://127.0.0.1:3192'
      expect((await page.request.get(`${base}/dev/outbox`)).status()).toBe(404)
      expect((await page.request.get(`${base}/en/dev/outbox`)).status()).toBe(404)
      expect((await page.request.get(`${base}/api/public/demo/dev/outbox`)).status()).toBe(404)
      expect((await page.request.get(`${base}${TEST_PAYMENT}?return=%2F&sig=x`)).status()).toBe(404)
      const approve = await page.request.post(`${base}${TEST_PAYMENT}/approve`, { form: { return: '/', sig: 'x' } })
      expect(approve.status()).toBe(404)

      const home = await page.request.get(`${base}/`)
      expect(home.status()).toBe(200)
      expect(await home.text()).not.toContain('demo-notice')
    } finally {
      await stopServer(server.child)
    }
  })

  test('demo mode with real SMS only: the outbox is gone, and e-mail login is refused with a clear message', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const server = startServer(3192, {
      DATA_DIR: freshDataDir(),
      SMS_PROVIDER: 'thaibulksms',
      SMS_API_URL: 'http://127.0.0.1:9',
      SMS_API_KEY: 'e2e-sms-key',
      SMS_API_SECRET: 'e2e-sms-secret',
      SMS_SENDER: 'ATELIER',
    })
    try {
      expect(await server.ready, server.output.stderr).toBe(true)
      expect(server.output.stdout).toMatch(/^ {2}E-mail \(codes, orders\) +off +not available/m)
      const base = 'http://127.0.0.1:3192'
      expect((await page.request.get(`${base}/dev/outbox`)).status(), server.output.stderr).toBe(404)
      expect((await page.request.get(`${base}/api/public/demo/dev/outbox`)).status()).toBe(404)

      // Still a demo: the notice says so, without an outbox to point at.
      await gotoHydrated(page, `${base}/en/account/login`)
      const notice = page.getByRole('region', { name: 'Demo shop' })
      await expect(notice).toHaveText('This is a demo shop: payments are simulated and nothing is charged.')
      await expect(notice.getByRole('link')).toHaveCount(0)

      await page.getByRole('radio', { name: 'E-mail' }).check()
      await page.getByRole('textbox', { name: 'E-mail' }).fill('someone@example.com')
      await page.getByRole('button', { name: 'Submit' }).click()
      await expect(page.getByRole('alert')).toContainText('This shop does not send codes by e-mail at the moment.')
    } finally {
      await stopServer(server.child)
    }
  })
})
