import { definePlugin } from 'nitro'
import { ConfigError, parseEnv } from '../../config/schema'

/**
 * Runs when the server starts: a bad configuration value stops start-up with a message that names
 * the variable, instead of failing on the first request.
 */
export default definePlugin(() => {
  try {
    parseEnv(process.env)
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
})
