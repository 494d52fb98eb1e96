/**
 * npm run check:openapi: writes the product API's OpenAPI document from the app (.openapi/openapi.json) and checks
 * it with @readme/openapi-parser and with Redocly's recommended rules (redocly.yaml). No network: the document is
 * made in-process, and Redocly's telemetry and update check are off. Exits non-zero on any error.
 */
import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'
import { validate } from '@readme/openapi-parser'
import babel from '@rolldown/plugin-babel'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import { runnerImport } from 'vite'

const OUTPUT = resolve('.openapi/openapi.json')

// The API's modules use the Lingui macro (its e-mails): load them through Vite with the test configuration's plugins.
const { module } = await runnerImport('./scripts/openapi-document.ts', {
  logLevel: 'warn',
  resolve: { tsconfigPaths: true },
  define: { __BUILD_ID__: JSON.stringify('openapi') },
  plugins: [babel({ presets: [linguiTransformerBabelPreset()] }), lingui()],
})
const document = await module.writeOpenApiDocument(OUTPUT)
const operations = Object.values(document.paths).flatMap((item) =>
  Object.keys(item).filter((key) => key !== 'parameters'),
)
console.log(`Wrote ${OUTPUT}: ${operations.length} operations`)

const parsed = await validate(structuredClone(document), { validate: { errors: { colorize: false } } })
if (!parsed.valid) {
  console.error(`@readme/openapi-parser: ${parsed.errors.length} errors`)
  for (const error of parsed.errors) console.error(`  ${error.message}`)
  process.exit(1)
}
console.log(`@readme/openapi-parser: valid (${parsed.warnings.length} warnings)`)
for (const warning of parsed.warnings) console.log(`  warning: ${warning.message}`)

const redocly = spawnSync(
  resolve('node_modules/.bin/redocly'),
  ['lint', '--config', 'redocly.yaml', '--format', 'stylish', '--max-problems', '1000', OUTPUT],
  {
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
  },
)
process.exit(redocly.status ?? 1)
