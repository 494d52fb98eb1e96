import { processGlobal } from '~/process-global'
import { logger } from './ops/logger.server'
import { getDatabase } from './database.server'

/** The channel migration 0014's triggers notify on every committed change to what public pages show. */
export const CATALOG_CHANNEL = 'catalog_changed'

type Hub = {
  /** Bumped by every change (and every gap in listening): a render begun under an older one is stale. */
  generation: number
  /** True while changes are being heard: only then may anything be cached for longer than a request. */
  listening: boolean
  started: Promise<void> | null
  subscribers: Set<() => void>
}

const hub = processGlobal<Hub>('catalog-changes', () => ({
  generation: 0,
  listening: false,
  started: null,
  subscribers: new Set(),
}))

/** The catalog's generation now: compare it after a render to know whether the render may be kept. */
export function catalogGeneration(): number {
  return hub.generation
}

/** Whether this process hears every change to the catalog right now (caches are off while it does not). */
export function catalogWatched(): boolean {
  return hub.listening
}

/** Calls `onChange` after every change to the catalog (and after every gap in listening). */
export function onCatalogChange(onChange: () => void): () => void {
  hub.subscribers.add(onChange)
  return () => hub.subscribers.delete(onChange)
}

/** A change was heard, or changes may have been missed: every cached copy is dropped. */
export function catalogChanged(): void {
  hub.generation += 1
  for (const subscriber of hub.subscribers) subscriber()
}

/**
 * Starts listening to the catalog's changes on this process's database, once. Until the database confirms the
 * LISTEN, `catalogWatched()` is false and nothing is cached; a lost connection turns it false again (and drops
 * everything) until it is back.
 */
export function watchCatalog(): void {
  hub.started ??= getDatabase()
    .then((database) =>
      database.listen(CATALOG_CHANNEL, {
        notify: () => catalogChanged(),
        up: () => {
          catalogChanged()
          hub.listening = true
        },
        down: (error) => {
          hub.listening = false
          catalogChanged()
          logger().warn({ error: error.message }, 'Catalog changes no longer heard; caches are off until they are')
        },
      }),
    )
    .then(
      () => undefined,
      (error: unknown) => {
        // The database is not there yet (or is stopping): the next page asks again.
        hub.started = null
        hub.listening = false
        logger().warn(
          { error: error instanceof Error ? error.message : String(error) },
          'Could not listen to catalog changes',
        )
      },
    )
}
