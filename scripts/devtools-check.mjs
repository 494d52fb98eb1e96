// The TanStack Router and Query devtools belong to `npm run dev` only (decision 035): no file of a production build
// may hold any of their code. Run by scripts/bench-js.mjs before it measures (it exits non-zero on a finding) and by
// tests/e2e/shell.spec.ts on the build the browser tests run against.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Strings that only the devtools' code holds and that minification keeps (string literals, not identifiers): their
 * package names (the server build names its bundled libraries after them and keeps their import specifiers), their
 * toggles' labels, the router devtools' storage key and CSS variable, the query devtools' class prefix.
 * tests/unit/devtools-check.test.ts checks that each one is in the installed packages, so none can silently stop
 * matching after an upgrade.
 */
export const DEVTOOLS_MARKERS = [
  'react-router-devtools',
  'router-devtools-core',
  'react-query-devtools',
  'query-devtools',
  'Open TanStack Router Devtools',
  'tanstackRouterDevtoolsOpen',
  '--tsrd-font-size',
  'Open Tanstack query devtools',
  'tsqd-',
]

/**
 * The chunk of our own src/components/Devtools.tsx, by the bundler's name for it. In a browser build the packages
 * reduce themselves to `() => null` when NODE_ENV is not development, so a build that loads that module anyway holds
 * little of theirs; the chunk's name still gives it away.
 */
export const DEVTOOLS_CHUNK = /(?:^|[\\/])Devtools-[\w-]+\.m?js$/

/** What a production build is made of: the client's files and the server's. */
export const BUILD_DIRS = ['.output/public', '.output/server']

const CODE = /\.(?:[cm]?js|json|html)$/

function* codeFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* codeFiles(path)
    else if (entry.isFile()) yield path
  }
}

/**
 * Every file under `dirs` whose name or code holds a devtools marker: [{ file, marker }], empty for a clean build.
 * Names are checked for every file (a bundled package keeps its name, our Devtools module its own), contents for
 * scripts, JSON and HTML.
 */
export function devtoolsInBuild(dirs = BUILD_DIRS, markers = DEVTOOLS_MARKERS) {
  const findings = []
  for (const dir of dirs) {
    for (const file of codeFiles(dir)) {
      const inName = DEVTOOLS_CHUNK.test(file) ? 'Devtools chunk' : markers.find((marker) => file.includes(marker))
      const text = inName === undefined && CODE.test(file) ? readFileSync(file, 'utf8') : ''
      const marker = inName ?? markers.find((candidate) => text.includes(candidate))
      if (marker !== undefined) findings.push({ file, marker })
    }
  }
  return findings
}

/** The findings as a message for a failed check. */
export function devtoolsMessage(findings) {
  return [
    `Devtools code in the production build (decision 035: devtools are for npm run dev only), in ${findings.length} file(s):`,
    ...findings.slice(0, 20).map(({ file, marker }) => `  ${file}: "${marker}"`),
    ...(findings.length > 20 ? [`  … and ${findings.length - 20} more`] : []),
    'Import @tanstack/*-devtools only from src/components/Devtools.tsx, loaded behind import.meta.env.DEV.',
  ].join('\n')
}
