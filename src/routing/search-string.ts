import { defaultStringifySearch } from '@tanstack/react-router'

/**
 * The router's search stringifier (src/router.tsx) and the typed link helper's (./links.ts): TanStack's default
 * (JSON for values that would read back as something else, undefined left out), with the keys in order, so that a
 * page state has one URL for caches and canonical links alike.
 */
export function stringifySearch(search: Record<string, unknown>): string {
  return defaultStringifySearch(Object.fromEntries(Object.entries(search).sort(([a], [b]) => a.localeCompare(b))))
}
