import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * One page render's memo of session lookups (issue 29, item 25). A member's account page calls the API in-process
 * five times while it renders (the member, the cart, addresses, membership, devices), and each call looked the same
 * session up in the database again: a quarter of the page's database time. Inside `withinPageRender` the API answers
 * the same lookup from the first one's result, for that render only.
 *
 * Only the storefront's own server, rendering a page (GET, not a server-function call, which may log in or out),
 * opens a scope: a call from outside never runs inside one (an AsyncLocalStorage store cannot be sent over HTTP), so
 * what it gets is always read from the database. A session ended meanwhile drops its lookups from the scope.
 */
const scope = new AsyncLocalStorage<Map<string, Promise<unknown>>>()
const memos = new WeakMap<Request, Map<string, Promise<unknown>>>()

/** Runs `work` (an in-process API call) in the memo of the page render `page`, if it is one. */
export function withinPageRender<T>(page: Request | null, work: () => Promise<T>): Promise<T> {
  if (!page || page.method !== 'GET' || new URL(page.url).pathname.startsWith('/_serverFn/')) return work()
  let memo = memos.get(page)
  if (!memo) {
    memo = new Map()
    memos.set(page, memo)
  }
  return scope.run(memo, work)
}

/** `lookup`'s result, computed once per key within a page render (a failure is not kept); outside one, always. */
export function onceInPageRender<T>(key: string, lookup: () => Promise<T>): Promise<T> {
  const memo = scope.getStore()
  if (!memo) return lookup()
  const known = memo.get(key) as Promise<T> | undefined
  if (known) return known
  const result = lookup()
  memo.set(key, result)
  result.catch(() => memo.delete(key))
  return result
}

/** Forgets every lookup of the current render whose key starts with `prefix` (a session ended). */
export function forgetInPageRender(prefix: string): void {
  const memo = scope.getStore()
  if (!memo) return
  for (const key of memo.keys()) if (key.startsWith(prefix)) memo.delete(key)
}
