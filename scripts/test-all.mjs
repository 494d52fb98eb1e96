#!/usr/bin/env node
// `npm test`: every check, stopping at the first step that fails; at the end (or at the failure) a table of how long
// each step took, so that the suite's time is seen where it grows (issue 30 item 8: CI under 30 minutes on this
// machine). The steps are the package.json scripts named below; run one of them on its own with `npm run <name>`.
// The static checks share the machine's two cores (each of them is one process on one core); their output is
// printed whole when each ends, so it does not interleave.
import { spawn, spawnSync } from 'node:child_process'

/**
 * Checks that read the tree and write nothing the others read: run two at a time, once the route tree they all read
 * is written (`npm run typecheck` is `routes.mjs` and then `tsc`).
 */
export const STATIC_CHECKS = [
  // The shop's type program, then the back office's (decision 177: its own router, registered in its own program).
  ['typecheck', 'tsc --noEmit && tsc --noEmit -p src/admin'],
  ['lint', 'npm run --silent lint'],
  ['format', 'npm run --silent format:check'],
  ['openapi', 'npm run --silent check:openapi'],
]

/** Then, one after the other: the suites (the browser suite last: it needs the build). */
export const STEPS = [
  ['unit', 'npm run --silent test:unit'],
  ['integration', 'npm run --silent test:integration'],
  ['build', 'npm run --silent build'],
  ['browser', 'npm run --silent test:e2e'],
]

function minutes(ms) {
  const seconds = Math.round(ms / 1000)
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

/** Runs a command with its output kept, and resolves with its exit status and output once it ends. */
function runQuietly(command) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] })
    const output = []
    child.stdout.on('data', (chunk) => output.push(chunk))
    child.stderr.on('data', (chunk) => output.push(chunk))
    child.on('close', (status) => resolve({ status: status ?? 1, output: Buffer.concat(output).toString() }))
  })
}

/** Runs the checks `width` at a time; resolves with the name of the first that failed, or null. */
async function runAtOnce(checks, width, timings) {
  let next = 0
  let failed = null
  const lane = async () => {
    while (next < checks.length && failed === null) {
      const [name, command] = checks[next++]
      const started = Date.now()
      const { status, output } = await runQuietly(command)
      timings.push([name, Date.now() - started])
      console.log(`\n▶ ${name}: ${command}\n${output.trimEnd()}`)
      if (status !== 0) failed ??= { name, status }
    }
  }
  await Promise.all(Array.from({ length: width }, lane))
  return failed
}

const timings = []
const started = Date.now()
let failed = null
console.log('\n▶ test-setup: node scripts/test-setup.mjs')
const setup = spawnSync('node scripts/test-setup.mjs', { shell: true, stdio: 'inherit' })
if (setup.status !== 0) failed = { name: 'test-setup', status: setup.status ?? 1 }
if (!failed) {
  console.log('\n▶ route tree: node scripts/routes.mjs')
  const routes = spawnSync('node scripts/routes.mjs', { shell: true, stdio: 'inherit' })
  if (routes.status !== 0) failed = { name: 'route tree', status: routes.status ?? 1 }
}
if (!failed) {
  const checksStarted = Date.now()
  failed = await runAtOnce(STATIC_CHECKS, 2, timings)
  timings.push(['(checks, 2 at a time)', Date.now() - checksStarted])
}
for (const [name, command] of failed ? [] : STEPS) {
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
for (const [name, ms] of timings) console.log(`  ${name.padEnd(22)} ${minutes(ms).padStart(6)}`)
console.log(`  ${'total'.padEnd(22)} ${minutes(Date.now() - started).padStart(6)}`)
if (failed) {
  console.error(`npm test: ${failed.name} failed (exit ${failed.status})`)
  process.exit(failed.status)
}
