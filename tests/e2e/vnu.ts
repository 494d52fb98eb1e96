import { execFile } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { basename, join } from 'node:path'
import { expect, type Page } from '@playwright/test'

/** The Nu HTML Checker from the `vnu-jar` package, run with the machine's Java (Debian's default-jre-headless). */
const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar')
const JAVA = process.env.JAVA ?? 'java'

/** One HTML document to check: where it came from (a page and its state) and its markup. */
export type HtmlDocument = { name: string; html: string }

type VnuMessage = {
  type: 'error' | 'info' | 'non-document-error'
  subType?: string
  url?: string
  lastLine?: number
  firstColumn?: number
  lastColumn?: number
  message: string
  extract?: string
}

/** The markup of the page as the browser holds it now (after hydration and whatever the test opened). */
export async function domOf(page: Page, name: string): Promise<HtmlDocument> {
  const html = await page.evaluate(() => `<!DOCTYPE html>\n${document.documentElement.outerHTML}`)
  return { name, html }
}

function runVnu(files: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    // All documents in one run: one Java start-up for the whole batch. `--skip-info-messages` drops the plain
    // notes (e.g. "trailing slash on void elements", which React writes) and keeps errors and warnings.
    // `--exit-zero-always`: the verdict is read from the JSON, not from the exit status. The JVM compiles with C1 only
    // (TieredStopAtLevel=1): a run of a few seconds spent half its CPU in the C2 compiler (76 documents: 12.7 s -> 6.2 s
    // of CPU, the same JSON, errors included); C1's larger frames need a bigger stack than the 1 MB default.
    execFile(
      JAVA,
      [
        '-XX:TieredStopAtLevel=1',
        '-Xss16m',
        '-jar',
        VNU_JAR,
        '--format',
        'json',
        '--stdout',
        '--skip-info-messages',
        '--exit-zero-always',
        ...files,
      ],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') {
          reject(
            new Error(
              `The Nu HTML Checker needs Java 17 or later ("${JAVA}" was not found): on Debian, ` +
                'apt-get install default-jre-headless (npm test installs it as root: scripts/test-setup.mjs), or set JAVA to a java binary.',
            ),
          )
        } else if (error) reject(new Error(`vnu failed: ${error.message}\n${stderr}`))
        else resolve(stdout)
      },
    )
  })
}

/**
 * Checks every document with vnu in one run and fails with one line per error: the page, line and column, the
 * message and the markup around it. Warnings are printed (and attached to the report) but do not fail.
 */
export async function expectValidHtml(documents: HtmlDocument[], directory: string) {
  expect(documents.length, 'documents to check').toBeGreaterThan(0)
  await mkdir(directory, { recursive: true })
  const byFile = new Map<string, string>()
  const files: string[] = []
  for (const [index, document] of documents.entries()) {
    const file = join(directory, `${String(index).padStart(3, '0')}-${document.name.replace(/[^a-z0-9]+/gi, '-')}.html`)
    await writeFile(file, document.html)
    files.push(file)
    byFile.set(basename(file), document.name)
  }
  const output = await runVnu(files)
  const { messages } = JSON.parse(output) as { messages: VnuMessage[] }

  const describe = (message: VnuMessage) => {
    const where = byFile.get(basename(message.url ?? '')) ?? message.url ?? '(no document)'
    const position = message.lastLine ? ` ${message.lastLine}:${message.firstColumn ?? message.lastColumn ?? ''}` : ''
    const extract = message.extract ? `\n      ${message.extract.replace(/\s+/g, ' ').trim()}` : ''
    return `${where}${position}: ${message.message}${extract}`
  }
  const errors = messages.filter((message) => message.type !== 'info').map(describe)
  const warnings = messages.filter((message) => message.type === 'info').map(describe)
  if (warnings.length > 0) console.log(`vnu warnings (${warnings.length}):\n  ${warnings.join('\n  ')}`)
  expect(errors, `vnu errors in ${documents.length} documents:\n  ${errors.join('\n  ')}`).toEqual([])
}
