import { definePlugin } from 'nitro'
import { startupReport } from '../../config/modes'
import { ConfigError, parseEnv } from '../../config/schema'

/**
 * Runs when the server starts: a bad configuration value stops start-up with one message that names every
 * variable at fault (in live mode also every missing or unsafe one), instead of failing on the first request.
 * A good one prints the mode and the table of providers, live or simulated, once.
 */
export default definePlugin(() => {
  try {
    const env = parseEnv(process.env)
    console.log(startupReport(env))
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
})
