import { isAbsolute } from 'node:path'
import { z } from 'zod'
import { dumpEmbedded, writeWhole } from '~/db/backup.server'
import { getDatabase } from './database.server'

/**
 * A backup of the embedded database while the shop runs (`npm run db:backup`, decision 070): the script asks the
 * running server by a control request (control-request.server.ts, decision 176), and the server writes the backup to
 * `out` (whole or not at all).
 */
const argsSchema = z.object({
  out: z
    .string()
    .min(1)
    .refine((path) => isAbsolute(path) && path.endsWith('.tar.gz'), 'an absolute path ending in .tar.gz'),
})

export type BackupResult = { out: string; bytes: number; ms: number }

export async function answerBackupRequest(args: Record<string, unknown>): Promise<BackupResult> {
  const { out } = argsSchema.parse(args)
  const started = Date.now()
  const bytes = await dumpEmbedded(await getDatabase())
  writeWhole(out, bytes)
  return { out, bytes: bytes.length, ms: Date.now() - started }
}
