import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { z } from 'zod'
import { writeWhole } from '~/db/backup.server'

/**
 * Control requests to the running shop (decision 176): with the embedded database only the server may open its data
 * directory, so a command (`db:backup`, `staff:invite`, `staff:api-key`) that finds the shop running asks it. The
 * command writes `<DATA_DIR>/control/request-<id>.json` ({ id, command, args }) and sends the server SIGUSR2; the
 * server answers every pending request with its command's handler and writes `answer-<id>.json` ({ ok, result } or
 * { ok: false, error }). Only a process allowed to signal the server (its user, or root) can ask.
 */
const requestSchema = z.object({
  id: z.string().regex(/^[a-f0-9]{8,64}$/),
  command: z.string().regex(/^[a-z][a-z:-]{0,40}$/),
  args: z.record(z.string(), z.unknown()),
})

export type ControlAnswer = { ok: true; result: unknown } | { ok: false; error: string }
export type ControlHandler = (args: Record<string, unknown>) => Promise<unknown>

export function controlDir(dataDir: string): string {
  return resolve(dataDir, 'control')
}

/** The server's side: answers the pending requests of `dataDir` with these handlers (one pass at a time). */
export function createControlAnswerer(
  dataDir: string,
  handlers: Readonly<Record<string, ControlHandler>>,
  log: (line: string) => void,
): () => Promise<void> {
  let running: Promise<void> | null = null
  const answerAll = async () => {
    const dir = controlDir(dataDir)
    if (!existsSync(dir)) return
    for (const file of readdirSync(dir).filter((name) => /^request-[a-f0-9]+\.json$/.test(name))) {
      const path = resolve(dir, file)
      let answer: ControlAnswer
      let id: string | null = null
      try {
        const request = requestSchema.parse(JSON.parse(readFileSync(path, 'utf8')))
        id = request.id
        const handler = handlers[request.command]
        if (!handler) throw new Error(`Unknown command ${request.command}`)
        answer = { ok: true, result: await handler(request.args) }
        log(`Control request ${request.command} answered`)
      } catch (error) {
        answer = { ok: false, error: error instanceof Error ? error.message : String(error) }
        log(`Control request failed: ${answer.error}`)
      }
      rmSync(path, { force: true })
      if (id) writeWhole(resolve(dir, `answer-${id}.json`), JSON.stringify(answer))
    }
  }
  return () => {
    running ??= answerAll().finally(() => {
      running = null
    })
    return running
  }
}

/** The command's side: asks the running server `pid` and waits for its answer (five minutes at most). */
export async function askRunningServer(
  dataDir: string,
  pid: number,
  command: string,
  args: Record<string, unknown>,
  timeoutMs = 300_000,
): Promise<ControlAnswer> {
  const id = randomBytes(8).toString('hex')
  const dir = controlDir(dataDir)
  mkdirSync(dir, { recursive: true })
  const requestPath = resolve(dir, `request-${id}.json`)
  writeWhole(requestPath, JSON.stringify({ id, command, args }))
  process.kill(pid, 'SIGUSR2')
  const answerPath = resolve(dir, `answer-${id}.json`)
  for (let waited = 0; waited < timeoutMs; waited += 100) {
    if (existsSync(answerPath)) {
      const answer = JSON.parse(readFileSync(answerPath, 'utf8')) as ControlAnswer
      rmSync(answerPath, { force: true })
      return answer
    }
    await sleep(100)
  }
  rmSync(requestPath, { force: true })
  throw new Error(`The shop (process ${pid}) did not answer ${command} within ${Math.round(timeoutMs / 1000)} s`)
}
