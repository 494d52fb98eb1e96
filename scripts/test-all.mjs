#!/usr/bin/env node
// `npm test`: every check, one after the other, stopping at the first that fails; at the end (or at the failure) a
// table of how long each step took, so that the suite's time is seen where it grows (issue 30 item 8: CI under 30
// minutes on this machine). The steps are the package.json scripts named below; run one of them on its own with
// `npm run <name>`.
import { spawnSync } from 'node:child_process'

/** What `npm test` runs, in order: fast checks first, the browser suite last (it needs the build). */
export const STEPS = [
  ['test-setup', 'node scripts/test-setup.mjs'],
  ['typecheck', 'npm run --silent typecheck'],
  ['lint', 'npm run --silent lint'],
  ['format', 'npm run --silent format:check'],
  ['openapi', 'npm run --silent check:openapi'],
  ['unit', 'npm run --silent test:unit'],
  ['integration', 'npm run --silent test:integration'],
  ['build', 'npm run --silent build'],
  ['browser', 'npm run --silent test:e2e'],
]

function minutes(ms) {
  const seconds = Math.round(ms / 1000)
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

const timings = []
const started = Date.now()
let failed = null
for (const [name, command] of STEPS) {
  console.log(`\n▶ ${name}: ${command}`)
  const stepStarted = Date.now()
  const result = spawnSync(command, { shell: true, stdio: 'inherit' })
  timings.push([name, Date.now() - stepStarted])
  if (result.status !== 0) {
    failed = { name, status: result.status ?? 1 }
    break
  }
}
console.log('\nnpm test, minutes per step:')
for (const [name, ms] of timings) console.log(`  ${name.padEnd(12)} ${minutes(ms).padStart(6)}`)
console.log(`  ${'total'.padEnd(12)} ${minutes(Date.now() - started).padStart(6)}`)
if (failed) {
  console.error(`npm test: ${failed.name} failed (exit ${failed.status})`)
  process.exit(failed.status)
}
