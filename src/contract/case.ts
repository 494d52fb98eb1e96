import type { CamelCasedPropertiesDeep } from 'type-fest'

/** snake_case → camelCase of one key. */
export function camelKey(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_match, char: string) => char.toUpperCase())
}

/** camelCase → snake_case of one key. */
export function snakeKey(key: string): string {
  return key.replace(/[A-Z]/g, (char) => `_${char.toLowerCase()}`)
}

function mapKeysDeep(value: unknown, mapKey: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => mapKeysDeep(item, mapKey))
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [mapKey(key), mapKeysDeep(item, mapKey)]))
  }
  return value
}

/** Request keys go out in snake_case (§7). */
export function snakeKeysDeep(value: unknown): unknown {
  return mapKeysDeep(value, snakeKey)
}

/**
 * Response keys are read in camelCase (§7). The value has been validated against its wire schema,
 * so the only thing left to type is the renaming, which type-fest describes exactly.
 */
export function camelKeysDeep<T>(value: T): CamelCasedPropertiesDeep<T> {
  return mapKeysDeep(value, camelKey) as CamelCasedPropertiesDeep<T>
}
