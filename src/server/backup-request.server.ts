import { existsSync, readFileSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import { z } from 'zod'
import { dumpEmbedded, writeWhole } from '~/db/backup.server'
import { getDatabase } from './database.server'

/**
 * A backup of the embedded database while the shop runs (`npm run db:backup`, decision 070). Only the server may
 * open its directory, so the script asks it: it writes `<DATA_DIR>/backups/request.json` ({ id, out }) and sends
 * the server SIGUSR2; the server writes the backup to `out` (whole or not at all) and its answer to
 * `<DATA_DIR>/backups/answer-<id>.json`. Only a process allowed to signal the server (its user, or root) can ask.
 */
const requestSchema = z.object({
  id: z.string().regex(/^[a-f0-9]{8,64}$/),
  out: z
    .string()
    .min(1)
    .refine((path) => isAbsolute(path) && path.endsWith('.tar.gz'), 'an absolute path ending in .tar.gz'),
})

export function backupRequestPath(dataDir: string): string {
  return resolve(dataDir, 'backups', 'request.json')
}

export function backupAnswerPath(dataDir: string, id: string): string {
  return resolve(dataDir, 'backups', `answer-${id}.json`)
}

export type BackupAnswer = { ok: true; out: string; bytes: number; ms: number } | { ok: false; error: string }

let running: Promise<void> | null = null

/** Answers the pending backup request of `dataDir`, if any (one at a time). */
export function answerBackupRequest(dataDir: string, log: (line: string) => void): Promise<void> {
  running ??= (async () => {
    const path = backupRequestPath(dataDir)
    if (!existsSync(path)) return
    let id = 'unknown'
    try {
      const request = requestSchema.parse(JSON.parse(readFileSync(path, 'utf8')))
      id = request.id
      const started = Date.now()
      const bytes = await dumpEmbedded(await getDatabase())
      writeWhole(request.out, bytes)
      const answer: BackupAnswer = { ok: true, out: request.out, bytes: bytes.length, ms: Date.now() - started }
      writeWhole(backupAnswerPath(dataDir, id), JSON.stringify(answer))
      log(`Backup written to ${request.out} (${bytes.length} bytes in ${answer.ms} ms)`)
    } catch (error) {
      const answer: BackupAnswer = { ok: false, error: error instanceof Error ? error.message : String(error) }
      if (id !== 'unknown') writeWhole(backupAnswerPath(dataDir, id), JSON.stringify(answer))
      log(`Backup failed: ${answer.error}`)
    }
  })().finally(() => {
    running = null
  })
  return running
}
