import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { contentVersions, type ContentVersionRow } from '~/db/schema'
import type { AuditContext } from './actor'
import type { Tx } from './audit.server'

/**
 * The versions of the back office's content documents (issue 32 item 6, the `content_versions` table): every save of
 * an info page, an editorial, the home page's blocks or the menu adds the next version, whole, in the same transaction
 * as the change it records (and as its audit entry). A restore adds the old body again as the newest version, so no
 * version is ever changed or lost. Each kind's service validates a body with its zod schema before saving it here.
 */
export const CONTENT_DOCUMENT_KINDS = ['info_page', 'editorial', 'home', 'menu', 'collection'] as const
export type ContentDocumentKind = (typeof CONTENT_DOCUMENT_KINDS)[number]
export type ContentVersionState = 'draft' | 'published'

export type ContentDocumentRef = { kind: ContentDocumentKind; key: string }

/** A version as a list shows it: everything but its body. */
export type ContentVersionSummary = Omit<ContentVersionRow, 'body'>

export type SaveVersionOptions = { restoredFrom?: number | null; note?: string | null }

/**
 * Adds the next version of a document inside the caller's transaction. A transaction-scoped advisory lock on the
 * document makes two saves of one document at once take the next numbers in turn (on PostgreSQL with several
 * instances too), instead of one failing on the unique index.
 */
export async function saveContentVersion(
  tx: Tx,
  context: AuditContext,
  document: ContentDocumentRef,
  body: unknown,
  state: ContentVersionState,
  options: SaveVersionOptions = {},
): Promise<ContentVersionRow> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`content:${document.kind}:${document.key}`}))`)
  const [last] = await tx
    .select({ version: sql<number>`coalesce(max(${contentVersions.version}), 0)` })
    .from(contentVersions)
    .where(and(eq(contentVersions.documentKind, document.kind), eq(contentVersions.documentKey, document.key)))
  const [row] = await tx
    .insert(contentVersions)
    .values({
      documentKind: document.kind,
      documentKey: document.key,
      version: Number(last?.version ?? 0) + 1,
      body,
      state,
      restoredFrom: options.restoredFrom ?? null,
      note: options.note ?? null,
      actorType: context.actor.type,
      actorId: context.actor.id,
      actorLabel: context.actor.label,
    })
    .returning()
  if (!row) throw new Error('content version not written')
  return row
}

/** A version as the admin API shows it in a versions list (snake_case, like the rest of the admin API). */
export function versionWire(row: ContentVersionSummary) {
  return {
    version: row.version,
    state: row.state === 'published' ? ('published' as const) : ('draft' as const),
    restored_from: row.restoredFrom,
    note: row.note,
    actor_type: row.actorType,
    actor_label: row.actorLabel,
    created_at: row.createdAt.toISOString(),
  }
}

/** A document's versions, newest first (without their bodies). */
export async function listContentVersions(
  db: Pick<Db, 'select'>,
  document: ContentDocumentRef,
  limit = 50,
): Promise<ContentVersionSummary[]> {
  return db
    .select({
      id: contentVersions.id,
      documentKind: contentVersions.documentKind,
      documentKey: contentVersions.documentKey,
      version: contentVersions.version,
      state: contentVersions.state,
      restoredFrom: contentVersions.restoredFrom,
      note: contentVersions.note,
      actorType: contentVersions.actorType,
      actorId: contentVersions.actorId,
      actorLabel: contentVersions.actorLabel,
      createdAt: contentVersions.createdAt,
    })
    .from(contentVersions)
    .where(and(eq(contentVersions.documentKind, document.kind), eq(contentVersions.documentKey, document.key)))
    .orderBy(desc(contentVersions.version))
    .limit(limit)
}

/** One version of a document, with its body; null when there is no such version. */
export async function getContentVersion(
  db: Pick<Db, 'select'>,
  document: ContentDocumentRef,
  version: number,
): Promise<ContentVersionRow | null> {
  const [row] = await db
    .select()
    .from(contentVersions)
    .where(
      and(
        eq(contentVersions.documentKind, document.kind),
        eq(contentVersions.documentKey, document.key),
        eq(contentVersions.version, version),
      ),
    )
    .limit(1)
  return row ?? null
}

/** The newest version of a document (of one state, when given); null when it has none. */
export async function latestContentVersion(
  db: Pick<Db, 'select'>,
  document: ContentDocumentRef,
  state?: ContentVersionState,
): Promise<ContentVersionRow | null> {
  const [row] = await db
    .select()
    .from(contentVersions)
    .where(
      and(
        eq(contentVersions.documentKind, document.kind),
        eq(contentVersions.documentKey, document.key),
        state ? eq(contentVersions.state, state) : undefined,
      ),
    )
    .orderBy(desc(contentVersions.version))
    .limit(1)
  return row ?? null
}
