import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import ts from 'typescript'
import { beforeAll, describe, expect, it } from 'vitest'

/**
 * Typed links (decision 145): renaming a route breaks every place that links to it at the type check. The project is
 * compiled with the TypeScript compiler API, once with the real route tree and once per rename with an in-memory
 * route tree where one route is renamed, as the generator would write it after a route file moved. The files that
 * link to the route are found by searching the code for its typed uses (`to: '/cart'`, `to="/cart"`,
 * `createFileRoute('/cart')`); each must get a diagnostic on such a line with the renamed tree and none with the
 * real one. One program, re-created per rename from the previous one (unchanged files are reused).
 */
const ROOT = resolve(__dirname, '../..')
const TREE = join(ROOT, 'src/routeTree.gen.ts')

function projectFiles(): { fileNames: string[]; options: ts.CompilerOptions } {
  const configPath = join(ROOT, 'tsconfig.json')
  const config = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path))
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT, undefined, configPath)
  // The storefront and the API: everything that may link to a page (tests and scripts do not).
  const fileNames = parsed.fileNames.filter((file) => file.startsWith(join(ROOT, 'src')))
  return { fileNames, options: { ...parsed.options, noEmit: true } }
}

/** The typed uses of a route in a file's text: links, navigations, redirects and its route file. */
function typedUses(route: string): RegExp {
  const quoted = `['"]${route.replace(/[$/]/g, (char) => `\\${char}`)}['"]`
  return new RegExp(`(?:\\bto\\s*[:=]\\s*\\{?\\s*|createFileRoute\\(\\s*)${quoted}`)
}

let files: string[]
let options: ts.CompilerOptions
let program: ts.Program
const treeText = existsSync(TREE) ? readFileSync(TREE, 'utf8') : ''

/** A program over the project with `tree` as the route tree's text, reusing what it can of the last one. */
function compile(tree: string): ts.Program {
  const host = ts.createCompilerHost(options)
  const getSourceFile = host.getSourceFile.bind(host)
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) =>
    resolve(fileName) === TREE
      ? ts.createSourceFile(fileName, tree, languageVersion, true)
      : getSourceFile(fileName, languageVersion, onError, shouldCreate)
  const readFile = host.readFile.bind(host)
  host.readFile = (fileName) => (resolve(fileName) === TREE ? tree : readFile(fileName))
  program = ts.createProgram({ rootNames: files, options, host, oldProgram: program })
  return program
}

/** The lines of a file that carry a type error in `current`. */
function errorLines(current: ts.Program, file: string): string[] {
  const source = current.getSourceFile(file)
  if (!source) throw new Error(`${file} is not in the program`)
  return current.getSemanticDiagnostics(source).map((diagnostic) => {
    const { line } = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0)
    return source.text.split('\n')[line] ?? ''
  })
}

/** The files that link to `route`, found in their code (comment lines left out). */
function linkingFiles(route: string): string[] {
  const pattern = typedUses(route)
  const code = (file: string) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
      .join('\n')
  return files.filter((file) => resolve(file) !== TREE && pattern.test(code(file)))
}

/** The route tree as the generator writes it once each route `from` has become `to`. */
function renamed(renames: ReadonlyArray<readonly [string, string]>): string {
  let text = treeText
  for (const [from, to] of renames) {
    const next = text.replaceAll(`'${from}'`, `'${to}'`)
    if (next === text) throw new Error(`${from} is not in the route tree`)
    text = next
  }
  return text
}

/** [route, its new name, the least number of files that link to it today] */
const RENAMES = [
  ['/order/$number', '/orders/$number', 3],
  ['/cart', '/basket', 6],
] as const

describe('renaming a route', { timeout: 240_000 }, () => {
  const linking = new Map<string, string[]>()
  let real: ts.Program
  let broken: ts.Program
  let milliseconds = 0

  beforeAll(() => {
    if (!treeText) throw new Error('No src/routeTree.gen.ts: run `npm run typecheck` (it generates the route tree)')
    ;({ fileNames: files, options } = projectFiles())
    for (const [from] of RENAMES) linking.set(from, linkingFiles(from))
    const started = performance.now()
    real = compile(treeText)
    // Both routes renamed in one tree: one more compilation, reusing the first program's unchanged files.
    broken = compile(renamed(RENAMES.map(([from, to]) => [from, to] as const)))
    milliseconds = performance.now() - started
    // Two whole-project compilations: ~20 s on a quiet machine, well over a minute on a loaded one.
  }, 240_000)

  for (const [from, to, atLeast] of RENAMES) {
    it(`breaks every place that links to ${from} (renamed ${to}), and none of them with the real tree`, () => {
      const files = linking.get(from) ?? []
      expect(files.length).toBeGreaterThanOrEqual(atLeast)
      for (const file of files) {
        expect(errorLines(real, file), file).toEqual([])
        const lines = errorLines(broken, file)
        expect(
          lines.some((line) => line.includes(`'${from}'`) || line.includes(`"${from}"`)),
          `${file}: ${lines.join(' | ')}`,
        ).toBe(true)
      }
      console.info(`${from}: ${files.length} files; both compilations took ${Math.round(milliseconds)} ms`)
    })
  }
})
