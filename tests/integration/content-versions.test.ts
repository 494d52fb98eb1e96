import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { systemActor, type AuditContext } from '~/api/admin/actor'
import {
  getContentVersion,
  latestContentVersion,
  listContentVersions,
  saveContentVersion,
} from '~/api/admin/content-versions.server'
import { contentPages, contentVersions } from '~/db/schema'
import { seedContentPages } from '~/db/seed.server'
import { freshDatabase } from './database'

let database: Awaited<ReturnType<typeof freshDatabase>>
const context: AuditContext = { actor: systemActor('test', []), ip: null, requestId: null }
const delivery = { kind: 'info_page', key: 'delivery' } as const

beforeAll(async () => {
  database = await freshDatabase({ seed: false })
})
afterAll(async () => {
  await database?.close()
})

describe('content versions', () => {
  it('numbers each save of a document from 1, apart from other documents, and lists them newest first', async () => {
    const { db } = database
    const first = await db.transaction((tx) => saveContentVersion(tx, context, delivery, { title: 'one' }, 'published'))
    const other = await db.transaction((tx) =>
      saveContentVersion(tx, context, { kind: 'info_page', key: 'about-us' }, { title: 'about' }, 'draft'),
    )
    const second = await db.transaction((tx) =>
      saveContentVersion(tx, context, delivery, { title: 'two' }, 'draft', { note: 'typo' }),
    )
    expect([first.version, other.version, second.version]).toEqual([1, 1, 2])
    expect(second.actorLabel).toBe('test')

    const listed = await listContentVersions(db, delivery)
    expect(listed.map((row) => [row.version, row.state, row.note])).toEqual([
      [2, 'draft', 'typo'],
      [1, 'published', null],
    ])
    expect(listed[0]).not.toHaveProperty('body')
    expect((await getContentVersion(db, delivery, 1))?.body).toEqual({ title: 'one' })
    expect(await getContentVersion(db, delivery, 9)).toBeNull()
    expect((await latestContentVersion(db, delivery))?.version).toBe(2)
    expect((await latestContentVersion(db, delivery, 'published'))?.version).toBe(1)
  })

  it('keeps a restore as a new version naming the one it restored; an unfinished save leaves nothing', async () => {
    const { db } = database
    const restored = await db.transaction((tx) =>
      saveContentVersion(tx, context, delivery, { title: 'one' }, 'published', { restoredFrom: 1 }),
    )
    expect(restored).toMatchObject({ version: 3, restoredFrom: 1 })

    await expect(
      db.transaction(async (tx) => {
        await saveContentVersion(tx, context, delivery, { title: 'lost' }, 'draft')
        throw new Error('the change beside it failed')
      }),
    ).rejects.toThrow('the change beside it failed')
    expect((await listContentVersions(db, delivery)).map((row) => row.version)).toEqual([3, 2, 1])
  })

  it('writes the info pages, each as its version 1, in a shop started without the demo catalog', async () => {
    const { db } = database
    expect(await db.select().from(contentPages)).toEqual([])
    await seedContentPages(database)
    await seedContentPages(database)
    const pages = await db.select({ slug: contentPages.slug }).from(contentPages)
    expect(pages.map((page) => page.slug).sort()).toContain('delivery')
    const privacy = await listContentVersions(db, { kind: 'info_page', key: 'privacy-policy' })
    expect(privacy.map((row) => [row.version, row.state])).toEqual([[1, 'published']])
    expect((await db.select().from(contentVersions)).length).toBeGreaterThanOrEqual(pages.length)
  })
})
