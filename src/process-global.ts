/**
 * State that must be one per process. The server is built as more than one bundle (Nitro's plugins and
 * handlers, and Start's SSR app each get their own copy of a shared module), so a module-level `let` is one
 * per bundle, not per process: the embedded database was opened twice on one directory that way (decision 012).
 * Such state lives on `globalThis` under a registered symbol instead, which every bundle sees.
 */
export function processGlobal<T>(name: string, create: () => T): T {
  const store = globalThis as unknown as Record<symbol, T | undefined>
  const key = Symbol.for(`storefront.${name}`)
  return (store[key] ??= create())
}
