// Writes src/routeTree.gen.ts, TanStack Router's generated route tree, without a full build: resolving
// Vite's configuration runs the Start plugin's generator. The file is generated, not committed
// (its `as any` lines are the generator's), so the type check runs this first.
import { resolveConfig } from 'vite'

await resolveConfig({ logLevel: 'error' }, 'build')
