/**
 * The store's typed configuration, read once from environment variables and checked with zod.
 * A bad value stops the server at start-up with one message naming every variable at fault (in live mode
 * also every missing or unsafe one: docs/decisions/015), printed as it is, without a stack trace.
 * Every variable and its default is documented in src/config/schema.ts and the README.
 */
import { ConfigError, parseEnv, toPublicConfig, type Env, type PublicConfig } from './src/config/schema'

function loadEnv(): Env {
  try {
    return parseEnv(process.env)
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}

export const env: Env = loadEnv()
export const publicConfig: PublicConfig = toPublicConfig(env)
