import { describe, expect, it } from 'vitest'
import type { OutputOptions } from 'rolldown'
import {
  devServerOptions,
  isForeignClientServerDirective,
  nameNitroLibraryChunks,
  onBundlerLog,
} from '../../scripts/vite-options'

/** A MODULE_LEVEL_DIRECTIVE warning as rolldown hands it to onLog (its code coloured, the frame after it). */
function directiveLog(directive: string, id: string) {
  const shown = id.replace(/^.*?(node_modules\/|src\/)/, '$1')
  return {
    code: 'MODULE_LEVEL_DIRECTIVE',
    id,
    message:
      `\u001b[33m[MODULE_LEVEL_DIRECTIVE] \u001b[0mThe semantics of the module level directive "${directive}" in ` +
      `"${shown}" may not be preserved when bundling.\n   ╭─[ ${shown}:1:1 ]\n 1 │ "${directive}";`,
    loc: { line: 1, column: 0, file: id },
    pos: 0,
  }
}

const FORM = '/work/shop/node_modules/@tanstack/react-form/dist/esm/useField.js'

describe('the build log filter', () => {
  it('leaves out "use client" and "use server" directives in node_modules', () => {
    expect(isForeignClientServerDirective(directiveLog('use client', FORM))).toBe(true)
    expect(isForeignClientServerDirective(directiveLog('use server', FORM))).toBe(true)
  })

  it('keeps the same warning for our own code, and for any other directive', () => {
    expect(isForeignClientServerDirective(directiveLog('use client', '/work/shop/src/components/Cart.tsx'))).toBe(false)
    expect(isForeignClientServerDirective(directiveLog('use strict', FORM))).toBe(false)
    expect(isForeignClientServerDirective(directiveLog('use cache', FORM))).toBe(false)
  })

  it('keeps every other warning, and logs that are plain strings', () => {
    expect(
      isForeignClientServerDirective({
        code: 'EVAL',
        id: FORM,
        message: 'Use of eval in "node_modules/x" is strongly discouraged',
      }),
    ).toBe(false)
    expect(
      isForeignClientServerDirective({ code: 'CIRCULAR_DEPENDENCY', message: 'module level directive "use client"' }),
    ).toBe(false)
    expect(isForeignClientServerDirective('module level directive "use client" in node_modules')).toBe(false)
  })

  it('passes everything but those warnings on to the next handler, at the level it came', () => {
    const passed: Array<[string, unknown]> = []
    const next = (level: string, log: unknown) => passed.push([level, log])
    const own = directiveLog('use client', '/work/shop/src/x.tsx')
    const other = { code: 'EMPTY_BUNDLE', message: 'Generated an empty chunk' }
    onBundlerLog('warn', directiveLog('use client', FORM), next)
    onBundlerLog('warn', own, next)
    onBundlerLog('warn', other, next)
    onBundlerLog('info', directiveLog('use client', FORM), next)
    expect(
      passed.map(([level, log]) => [level, typeof log === 'object' && log && 'code' in log ? log.code : log]),
    ).toEqual([
      ['warn', 'MODULE_LEVEL_DIRECTIVE'],
      ['warn', 'EMPTY_BUNDLE'],
      ['info', 'MODULE_LEVEL_DIRECTIVE'],
    ])
    expect(passed[0]?.[1]).toBe(own)
  })
})

describe('where npm run dev listens', () => {
  it('on 3000 and Vite’s default host without PORT and HOST, moving on when 3000 is taken', () => {
    expect(devServerOptions({})).toEqual({ port: 3000, strictPort: false })
    expect(devServerOptions({ PORT: '', HOST: ' ' })).toEqual({ port: 3000, strictPort: false })
  })

  it('on PORT and HOST when given, and on that port only', () => {
    expect(devServerOptions({ PORT: '3299', HOST: '127.0.0.1' })).toEqual({
      port: 3299,
      strictPort: true,
      host: '127.0.0.1',
    })
    expect(devServerOptions({ HOST: '0.0.0.0' })).toEqual({ port: 3000, strictPort: false, host: '0.0.0.0' })
  })

  it('refuses a PORT that is not a port number, naming it', () => {
    for (const PORT of ['abc', '3000x', '0', '65536', '-1', '30.5'])
      expect(() => devServerOptions({ PORT })).toThrow(`PORT=${PORT} is not a port number`)
  })
})

describe('Nitro’s library chunk group', () => {
  it('gets a debugName when its name is a function without one; other groups stay as they are', () => {
    const hook = nameNitroLibraryChunks().outputOptions
    const outputOptions = typeof hook === 'function' ? hook : hook?.handler
    const libName = (id: string) => `_libs/${id}`
    const named = { name: 'shell', tags: ['$initial' as const] }
    const labelled = { name: libName, debugName: 'mine' }
    const options: OutputOptions = {
      codeSplitting: { groups: [{ test: /node_modules/, name: libName }, named, labelled] },
    }
    const result = outputOptions?.call({} as never, options)
    const groups = result && typeof result.codeSplitting === 'object' ? result.codeSplitting.groups : undefined
    expect(groups?.[0]).toEqual({
      test: /node_modules/,
      name: libName,
      debugName: 'nitro node_modules libraries (_libs)',
    })
    expect(groups?.[1]).toBe(named)
    expect(groups?.[2]).toBe(labelled)
    expect(outputOptions?.call({} as never, { codeSplitting: false })).toBeNull()
  })
})
