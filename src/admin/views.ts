import { z } from 'zod'
import { ordersSearchSchema, type OrdersSearch } from './search'

/**
 * Saved views of the orders list (DESIGN.md §8: a saved view is a named URL): a name and the list's search, kept in
 * this browser's localStorage. What is read back goes through the URL's own schema, so a view saved by an older
 * version, or edited by hand, opens as the list would open that URL.
 */
export type SavedView = { name: string; search: OrdersSearch }

const STORAGE_KEY = 'atelier-admin.order-views'
/** A view's name, and how many views a browser keeps. */
export const VIEW_NAME_MAX = 60
export const VIEWS_MAX = 30

const stored = z.array(z.object({ name: z.string().trim().min(1).max(VIEW_NAME_MAX), search: z.unknown() }))

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

export function readViews(): SavedView[] {
  try {
    const parsed = stored.safeParse(JSON.parse(storage()?.getItem(STORAGE_KEY) ?? '[]'))
    if (!parsed.success) return []
    return parsed.data.map((view) => ({ name: view.name, search: ordersSearchSchema.parse(view.search ?? {}) }))
  } catch {
    return []
  }
}

function write(views: SavedView[]): SavedView[] {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(views))
  } catch {
    // A full or refused storage keeps the views of this page only.
  }
  return views
}

/** Saves (or replaces, by name) a view; the newest first. */
export function saveView(name: string, search: OrdersSearch): SavedView[] {
  const trimmed = name.trim().slice(0, VIEW_NAME_MAX)
  const others = readViews().filter((view) => view.name !== trimmed)
  return write([{ name: trimmed, search }, ...others].slice(0, VIEWS_MAX))
}

export function deleteView(name: string): SavedView[] {
  return write(readViews().filter((view) => view.name !== name))
}
