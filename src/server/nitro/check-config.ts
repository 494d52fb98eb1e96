import { definePlugin } from 'nitro'
import { env } from '../../../app.config'
import { startupReport } from '../../config/modes'

/**
 * Runs when the server starts. Reading the configuration (app.config.ts) already stopped a bad one with one
 * message naming every variable at fault (in live mode also every missing or unsafe one), instead of failing on
 * the first request; a good one is reported here once: the mode, and one table of providers, live or simulated.
 */
export default definePlugin(() => {
  console.log(startupReport(env))
})
