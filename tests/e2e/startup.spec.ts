import { spawn } from 'node:child_process'
import { expect, test } from './test'

/** Starts the built server with some environment and returns its exit code and output. */
function startServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['.output/server/index.mjs'], {
      env: { ...process.env, PORT: '3199', HOST: '127.0.0.1', ...env },
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const timer = setTimeout(() => child.kill('SIGTERM'), 5_000)
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}

test('a bad configuration value stops start-up with a message naming the variable', async () => {
  const { code, output } = await startServer({ LANGUAGE_STRATEGY: 'sometimes' })
  expect(code).toBe(1)
  expect(output).toContain('LANGUAGE_STRATEGY')
  expect(output).not.toContain('Listening')
})

test('a bad URL is named too', async () => {
  const { code, output } = await startServer({ SITE_URL: 'shop dot com' })
  expect(code).toBe(1)
  expect(output).toContain('SITE_URL')
})
