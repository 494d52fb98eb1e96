/**
 * The store's typed configuration, read once from environment variables and checked with zod.
 * A bad value stops the server at start-up with a message naming the variable.
 * Every variable and its default is documented in src/config/schema.ts and the README.
 */
import { parseEnv, toPublicConfig, type Env, type PublicConfig } from './src/config/schema'

export const env: Env = parseEnv(process.env)
export const publicConfig: PublicConfig = toPublicConfig(env)
