import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { APIRequestContext } from '@playwright/test'
import { ADMIN_API, enrolByApi, signInByApi, STAFF_HEADERS } from './staff'
import { expect, test } from './test'

/**
 * An info page staff edited survives the server being stopped, however it is stopped (issue 32 item 6, decision 197):
 * the start-up writes the code's info pages only where they are missing, so a restart never puts the code's text
 * back over the staff's. The built server runs on a data directory of its own (PORT=0: the port it prints) without the
 * demo catalog (the info pages are written all the same), is stopped by SIGTERM, SIGINT and SIGKILL in turn and
 * started again on the same directory each time.
 */

type Server = { child: ChildProcess; origin: string; output: () => string }

async function start(dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, ['.output/server/index.mjs'], {
    // Without the demo catalog (its seed is most of a first start): the info pages are written all the same.
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_URL: 'http://127.0.0.1:3000',
      SEED_DEMO: 'false',
    },
  })
  let text = ''
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()))
  const started = Date.now()
  const origin = () => /Listening on:? *(http:\/\/[^\s/]+)/.exec(text)?.[1]
  while (!origin() && child.exitCode === null && Date.now() - started < 60_000) {
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const listening = origin()
  if (!listening) throw new Error(`the server did not start:\n${text}`)
  // Ready once its database is open, migrated and seeded (the readiness probe answers 200 then).
  while (Date.now() - started < 120_000) {
    const ready = await fetch(`${listening}/readyz`).catch(() => null)
    if (ready?.status === 200) break
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return { child, origin: listening, output: () => text }
}

async function stop(server: Server, signal: NodeJS.Signals): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return
  const ended = new Promise<void>((resolve) => server.child.once('exit', () => resolve()))
  server.child.kill(signal)
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 15_000)
  await ended
  clearTimeout(timer)
}

async function deliveryTitle(request: APIRequestContext, origin: string): Promise<string> {
  const page = await request.get(`${origin}/api/public/demo/content/delivery?lang=en&currency=thb`)
  expect(page.status(), await page.text()).toBe(200)
  return ((await page.json()) as { title: string }).title
}

test('an edited info page survives SIGTERM, SIGINT and SIGKILL: the restart keeps the staff’s text', async ({
  playwright,
}) => {
  test.setTimeout(240_000)
  const dataDir = mkdtempSync(join(tmpdir(), 'content-restart-'))
  let server = await start(dataDir)
  try {
    const staff = await playwright.request.newContext({ baseURL: server.origin })
    try {
      // The owner of the demo's start-up invitation, enrolled and signed in on this server.
      await expect.poll(() => /\/admin\/invite#/.test(server.output()), { timeout: 30_000 }).toBe(true)
      const token = /\/admin\/invite#([A-Za-z0-9_-]+)/.exec(server.output())?.[1]
      if (!token) throw new Error(`no invitation in:\n${server.output()}`)
      const owner = {
        email: 'owner@example.com',
        name: 'Owner',
        ...(await enrolByApi(staff, token, { name: 'Owner', language: 'en' })),
      }
      await signInByApi(staff, owner)
      const first = await staff.get(`${ADMIN_API}/content/pages/delivery/versions/1`, { headers: STAFF_HEADERS })
      expect(first.status(), await first.text()).toBe(200)
      const original = ((await first.json()) as { document: Record<string, unknown> & { title_en: string } }).document

      for (const signal of ['SIGTERM', 'SIGINT', 'SIGKILL'] as const) {
        const title = `${original.title_en} (edited before ${signal})`
        const saved = await staff.put(`${server.origin}${ADMIN_API}/content/pages/delivery`, {
          headers: STAFF_HEADERS,
          data: { document: { ...original, title_en: title }, state: 'published' },
        })
        expect(saved.status(), await saved.text()).toBe(200)
        expect(await deliveryTitle(staff, server.origin)).toBe(title)

        await stop(server, signal)
        server = await start(dataDir)
        expect(await deliveryTitle(staff, server.origin), `${signal}:\n${server.output()}`).toBe(title)
      }
    } finally {
      await staff.dispose()
    }
  } finally {
    await stop(server, 'SIGTERM')
    rmSync(dataDir, { recursive: true, force: true })
  }
})
