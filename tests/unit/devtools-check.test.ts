import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DEVTOOLS_MARKERS, devtoolsInBuild, devtoolsMessage } from '../../scripts/devtools-check.mjs'

/**
 * The check that keeps the devtools out of production builds (decision 035), run by scripts/bench-js.mjs and on the
 * real build by tests/e2e/shell.spec.ts: here on builds made up of the packages' own files.
 */
const PACKAGES = [
  'node_modules/@tanstack/react-router-devtools',
  'node_modules/@tanstack/router-devtools-core',
  'node_modules/@tanstack/react-query-devtools',
  'node_modules/@tanstack/query-devtools',
]

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(?:js|json)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
}

const root = mkdtempSync(join(tmpdir(), 'devtools-check-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** A made-up build: `files` maps a path under its directory to its text. */
function build(name: string, files: Record<string, string>): string {
  const dir = join(root, name)
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  return dir
}

describe('devtools in a production build', () => {
  it('looks for strings the installed devtools really hold (an upgrade cannot make a marker stale)', () => {
    const code = PACKAGES.flatMap(filesUnder)
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n')
    for (const marker of DEVTOOLS_MARKERS) expect(code.includes(marker), marker).toBe(true)
  })

  it('finds nothing in a build without them', () => {
    const dir = build('clean', {
      'public/assets/index-Ab12.js': 'import{useQuery as e}from"./query-Cd34.js";export const devtools=!1;',
      'public/assets/form-Ef56.js': 'addEventListener(`tanstack-devtools-global`,t)',
      'server/_libs/tanstack__query-core.mjs': 'export class QueryClient {}',
    })
    expect(devtoolsInBuild([join(dir, 'public'), join(dir, 'server')])).toEqual([])
  })

  it('finds the browser devtools by their code, whatever the chunk is called', () => {
    const files = PACKAGES.flatMap(filesUnder)
    const router = files.find((file) => file.includes('router-devtools-core/dist/FloatingTanStackRouterDevtools'))
    const query = files.find((file) => /query-devtools\/build\/Devtools-[^/]*\.js$/.test(file))
    expect(router).toBeDefined()
    expect(query).toBeDefined()
    const dir = build('browser', { 'assets/index-Ab12.js': 'export{}' })
    copyFileSync(router ?? '', join(dir, 'assets/chunk-1.js'))
    copyFileSync(query ?? '', join(dir, 'assets/chunk-2.js'))
    const findings = devtoolsInBuild([dir])
    expect(findings.map((finding) => finding.file).sort()).toEqual([
      join(dir, 'assets/chunk-1.js'),
      join(dir, 'assets/chunk-2.js'),
    ])
    expect(devtoolsMessage(findings)).toContain('chunk-1.js')
  })

  it('finds a server build that bundled a devtools package, and the chunk of our Devtools module', () => {
    const dir = build('server', {
      '_libs/tanstack__react-query-devtools.mjs': 'export {}',
      '_ssr/Devtools-BXjwEATF.mjs': 'export {}',
      '_ssr/router-Ab12.mjs': 'import "@tanstack/router-devtools-core"',
      '_ssr/index-Cd34.mjs': 'export {}',
    })
    expect(
      devtoolsInBuild([dir])
        .map((finding) => finding.file.slice(dir.length + 1))
        .sort(),
    ).toEqual(['_libs/tanstack__react-query-devtools.mjs', '_ssr/Devtools-BXjwEATF.mjs', '_ssr/router-Ab12.mjs'])
  })
})
