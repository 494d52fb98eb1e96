/**
 * npm run check:openapi: writes the product API's OpenAPI document from the app (.openapi/openapi.json), and the
 * admin API's (.openapi/admin-openapi.json), and checks
 * it with @readme/openapi-parser and with Redocly's recommended rules (redocly.yaml). No network: the document is
 * made in-process, and Redocly's telemetry and update check are off. Exits non-zero on any error.
 */
import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'
import { validate } from '@readme/openapi-parser'
import babel from '@rolldown/plugin-babel'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import { runnerImport } from 'vite'

// The product API's document and the admin API's (issue 31), each checked the same way.
const DOCUMENTS = [
  { api: 'public', output: resolve('.openapi/openapi.json') },
  { api: 'admin', output: resolve('.openapi/admin-openapi.json') },
]

// The API's modules use the Lingui macro (its e-mails): load them through Vite with the test configuration's plugins.
const { module } = await runnerImport('./scripts/openapi-document.ts', {
  logLevel: 'warn',
  resolve: { tsconfigPaths: true },
  define: { __BUILD_ID__: JSON.stringify('openapi') },
  plugins: [babel({ presets: [linguiTransformerBabelPreset()] }), lingui()],
})
let failed = false
for (const { api, output } of DOCUMENTS) {
  const document = await module.writeOpenApiDocument(output, api)
  const operations = Object.values(document.paths).flatMap((item) =>
    Object.keys(item).filter((key) => key !== 'parameters'),
  )
  console.log(`Wrote ${output}: ${operations.length} operations`)

  const parsed = await validate(structuredClone(document), { validate: { errors: { colorize: false } } })
  if (!parsed.valid) {
    console.error(`@readme/openapi-parser: ${parsed.errors.length} errors`)
    for (const error of parsed.errors) console.error(`  ${error.message}`)
    failed = true
    continue
  }
  console.log(`@readme/openapi-parser: valid (${parsed.warnings.length} warnings)`)
  for (const warning of parsed.warnings) console.log(`  warning: ${warning.message}`)

  const redocly = spawnSync(
    resolve('node_modules/.bin/redocly'),
    ['lint', '--config', 'redocly.yaml', '--format', 'stylish', '--max-problems', '1000', output],
    {
      stdio: 'inherit',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    },
  )
  if (redocly.status !== 0) failed = true
}
process.exit(failed ? 1 : 0)
