import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LIVE_ENV } from '../../src/config/live-env.fixture'
import { stopServer } from './stop-server'
import { expect, test } from './test'

/**
 * The start-up's word about staff (issue 31 item 1), read from the built server's own output on an empty database:
 * in demo mode an owner's invitation link that works, in live mode the command that makes one. The server listens
 * on a port the system picks (PORT=0), printed in its "Listening on" line, so that no other server is disturbed.
 */

const dataDirs: string[] = []

function freshDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'staff-startup-'))
  dataDirs.push(dir)
  return dir
}

test.afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
})

/** The built server on a fresh data directory; resolves with its output once `until` is in it, or it ends. */
async function startUntil(env: Record<string, string>, until: RegExp, timeoutMs = 90_000) {
  const child: ChildProcess = spawn(process.execPath, ['.output/server/index.mjs'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: freshDataDir(), ...env },
  })
  const output = { stdout: '', stderr: '' }
  child.stdout?.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()))
  const started = Date.now()
  while (!until.test(output.stdout) && child.exitCode === null && Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
  return { child, output }
}

test.describe('the start-up line about staff, from the built server', () => {
  test.describe.configure({ mode: 'serial' })

  test('demo mode with no staff prints an owner’s invitation link, and the link opens the invitation', async ({
    request,
  }) => {
    test.setTimeout(120_000)
    const server = await startUntil({ SITE_URL: 'http://127.0.0.1:3000' }, /^Back office: .*$/m)
    try {
      const { stdout, stderr } = server.output
      const line = /^Back office: .*$/m.exec(stdout)?.[0] ?? ''
      expect(line, stderr).toMatch(
        /^Back office: no staff yet \(demo\)\. Invitation for owner@example\.com as owner, valid until \S+ \(shown once\): http:\/\/127\.0\.0\.1:3000\/admin\/invite#[A-Za-z0-9_-]{16,}$/,
      )
      // The link's token is a live invitation of the owner's role, on the server that printed it.
      const listening = /Listening on:? *(http:\/\/[^\s/]+)/.exec(stdout + stderr)?.[1]
      const token = /#([A-Za-z0-9_-]+)$/.exec(line)?.[1] ?? ''
      expect(listening, stdout + stderr).toBeTruthy()
      const invite = await request.get(`${listening}/api/admin/demo/invite`, { headers: { 'x-invite-token': token } })
      expect(invite.status()).toBe(200)
      expect(await invite.json()).toMatchObject({ email: 'owner@example.com', role_id: 'owner' })
    } finally {
      await stopServer(server.child)
    }
  })

  test('live mode with no staff says to run npm run staff:invite, and makes no invitation itself', async () => {
    test.setTimeout(120_000)
    // A shop that still has the deprecated OPERATOR_TOKEN: the start-up says so too (decision 174).
    const server = await startUntil(
      { ...LIVE_ENV, OPERATOR_TOKEN: 'legacy-operator-0123456789abcdef' },
      /^Back office: .*$/m,
    )
    try {
      const { stdout, stderr } = server.output
      expect(stdout, stderr).toMatch(/^Mode: live \(SHOP_MODE=live\)/m)
      expect(/^Back office: .*$/m.exec(stdout)?.[0], stderr).toBe(
        'Back office: no staff yet. Invite the owner: npm run staff:invite -- --email you@example.com --role owner',
      )
      expect(stdout).not.toContain('/admin/invite#')
      expect(stdout).toMatch(/^Deprecated: OPERATOR_TOKEN is set\..*npm run staff:api-key/m)
      expect(stdout + stderr).not.toContain('legacy-operator')
    } finally {
      await stopServer(server.child)
    }
  })
})
