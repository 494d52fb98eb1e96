import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, type APIRequestContext, type APIResponse, type PlaywrightWorkerArgs } from '@playwright/test'
import * as fc from 'fast-check'
import { fromCrossJSON, toJSONAsync, type SerovalNode } from 'seroval'
import { z } from 'zod'
import { ADDRESS_FIELDS } from '../../../src/domain/address'
import type { TestMember } from '../accounts'
import { encodeLoosely, HOSTILE_STRINGS, LONG } from '../../hostile-input'

/**
 * The machinery of tests/e2e/server-functions.spec.ts (issue 8, item 4): the app's server functions found in the
 * sources and checked against the build, the shapes of their validators, hostile and generated input (fast-check,
 * fixed seed), a call made the way Start's client makes it and its answer decoded, the checks every answer must pass,
 * and what the member owns that a refused call must leave as it was. The spec says, per function, what it takes
 * and what it may write, and holds the tests.
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url))
export const SERVER_FN_BASE = '/_serverFn/'
const SEED = 8_0426
/** Generated calls per function, on top of the enumerated ones. */
const RUNS_PER_FUNCTION = 12
/** The app has 51 server functions today: fewer means the discovery broke (or they went missing). */
export const MIN_FUNCTIONS = 45
const OPERATOR = { authorization: 'Bearer e2e-operator-token-0123456789abcdef' }
export const API = '/api/public/demo'

// ── the server functions: from the sources, checked against the build ───────────────────────────

type Method = 'GET' | 'POST'
type ServerFn = { name: string; file: string; method: Method; id: string }

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** Every `export const x = createServerFn({ method })` of src, with the id Start derives for it. */
function serverFnsInSources(): ServerFn[] {
  const found: ServerFn[] = []
  for (const path of sourceFiles(join(ROOT, 'src'))) {
    const text = readFileSync(path, 'utf8')
    if (!text.includes('createServerFn(')) continue
    const file = relative(ROOT, path).split('\\').join('/')
    for (const match of text.matchAll(/export const (\w+) = createServerFn\(\{ method: '(GET|POST)' \}\)/g)) {
      const [, name = '', method = 'GET'] = match
      const id = createHash('sha256').update(`${file}--${name}_createServerFn_handler`).digest('hex')
      found.push({ name, file, method: method === 'POST' ? 'POST' : 'GET', id })
    }
  }
  return found
}

/** The server's manifest of callable functions (id → export), as the build wrote it. */
export function serverFnsInBuild(): Map<string, string> {
  const manifest = new Map<string, string>()
  const directory = join(ROOT, '.output/server')
  for (const path of mjsFiles(directory)) {
    const text = readFileSync(path, 'utf8')
    for (const match of text.matchAll(
      /"([0-9a-f]{64}(?:_\d+)?)":\s*\{\s*functionName:\s*"(\w+)_createServerFn_handler"/g,
    )) {
      manifest.set(match[1] ?? '', match[2] ?? '')
    }
  }
  return manifest
}

function mjsFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : mjsFiles(path)
    return entry.name.endsWith('.mjs') ? [path] : []
  })
}

/** The ids the browser's bundle calls (Start's RPC stubs). */
export function serverFnIdsInClient(): Set<string> {
  const ids = new Set<string>()
  const directory = join(ROOT, '.output/public/assets')
  for (const name of readdirSync(directory).filter((file) => file.endsWith('.js'))) {
    const text = readFileSync(join(directory, name), 'utf8')
    for (const match of text.matchAll(/[`'"]([0-9a-f]{64})[`'"]/g)) ids.add(match[1] ?? '')
  }
  return ids
}

export const FUNCTIONS = serverFnsInSources()
const BY_NAME = new Map(FUNCTIONS.map((fn) => [fn.name, fn]))

export function fn(name: string): ServerFn {
  const found = BY_NAME.get(name)
  if (!found) throw new Error(`no server function ${name} in src`)
  return found
}

// ── the shapes of their validators ──────────────────────────────────────────────────────────────

type Shape =
  | { kind: 'string'; max: number; min?: number; pattern?: RegExp; trim?: boolean }
  | { kind: 'int'; min?: number; max?: number }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'boolean' }
  | { kind: 'true' }
  | { kind: 'object'; fields: Readonly<Record<string, Field>> }
  | { kind: 'nullable'; of: Shape }
  | { kind: 'array'; of: Shape; max: number }
/** `required: false` is zod's optional or default: undefined is accepted. */
type Field = { shape: Shape; required: boolean }

export const str = (max: number, more: { min?: number; pattern?: RegExp; trim?: boolean } = {}): Shape => ({
  kind: 'string',
  max,
  ...more,
})
export const matching = (pattern: RegExp, max = 400): Shape => ({ kind: 'string', max, pattern })
export const int = (min?: number, max?: number): Shape => ({ kind: 'int', min, max })
export const oneOf = (...values: string[]): Shape => ({ kind: 'enum', values })
export const bool: Shape = { kind: 'boolean' }
export const nullable = (of: Shape): Shape => ({ kind: 'nullable', of })
export const arrayOf = (of: Shape, max: number): Shape => ({ kind: 'array', of, max })
export const optional = (shape: Shape): Field => ({ shape, required: false })
export function object(fields: Record<string, Shape | Field>): Shape {
  return {
    kind: 'object',
    fields: Object.fromEntries(
      Object.entries(fields).map(([key, value]) => [key, 'shape' in value ? value : { shape: value, required: true }]),
    ),
  }
}

export const lang = oneOf('th', 'en')
export const currency = oneOf('thb', 'usd')
export const slug = matching(/^[a-z0-9]+(-[a-z0-9]+)*$/, 120)
export const query = str(100, { min: 1, trim: true })
export const countryCode = matching(/^[A-Z]{2}$/)
export const uuid = matching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)
export const orderNumber = matching(/^[A-Z0-9-]{4,40}$/)
/** The solved bot check (an ALTCHA payload or a Turnstile token), issue 15. */
export const captcha = { captcha: optional(str(4096, { min: 1 })) }
export const address = object(Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, str(300)])))
export const geo = object({ lang: optional(lang), province: optional(str(100)), district: optional(str(100)) })

/** Whether the validator of this shape accepts a value (zod's rules, as the app's validators use them). */
function accepts(shape: Shape, value: unknown): boolean {
  switch (shape.kind) {
    case 'string': {
      if (typeof value !== 'string') return false
      const text = shape.trim ? value.trim() : value
      // zod measures strings in code points, not UTF-16 units.
      const length = [...text].length
      return length >= (shape.min ?? 0) && length <= shape.max && (!shape.pattern || shape.pattern.test(text))
    }
    case 'int':
      return (
        typeof value === 'number' &&
        Number.isSafeInteger(value) &&
        value >= (shape.min ?? -Infinity) &&
        value <= (shape.max ?? Infinity)
      )
    case 'enum':
      return typeof value === 'string' && shape.values.includes(value)
    case 'boolean':
      return typeof value === 'boolean'
    case 'true':
      return value === true
    case 'nullable':
      return value === null || accepts(shape.of, value)
    case 'array':
      return Array.isArray(value) && value.length <= shape.max && value.every((item) => accepts(shape.of, item))
    case 'object': {
      // zod takes any non-array object and reads its fields, inherited ones too.
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
      const record = value as Record<string, unknown>
      return Object.entries(shape.fields).every(([key, field]) => {
        const item = record[key]
        return item === undefined ? !field.required : accepts(field.shape, item)
      })
    }
  }
}

// ── hostile values ──────────────────────────────────────────────────────────────────────────────

/** Values of the wrong type; seroval carries far more than JSON (NaN, -0, BigInt, Date, Map, Promise …). */
const WRONG_VALUES: ReadonlyArray<{ label: string; value: () => unknown }> = [
  { label: '-1', value: () => -1 },
  { label: '1.5', value: () => 1.5 },
  { label: 'NaN', value: () => NaN },
  { label: 'Infinity', value: () => Infinity },
  { label: '-0', value: () => -0 },
  { label: '1e308', value: () => 1e308 },
  { label: '2^53 + 1', value: () => 2 ** 53 + 1 },
  { label: 'BigInt 10^30', value: () => 10n ** 30n },
  { label: 'true', value: () => true },
  { label: 'null', value: () => null },
  { label: '[]', value: () => [] },
  { label: '{}', value: () => ({}) },
  { label: '"1"', value: () => '1' },
  { label: 'Date', value: () => new Date(0) },
  { label: 'invalid Date', value: () => new Date(Number.NaN) },
  { label: 'Map', value: () => new Map([['a', 1]]) },
  { label: 'Set', value: () => new Set(['a']) },
  { label: 'RegExp', value: () => /a/g },
  { label: 'Error', value: () => new Error('<script>alert(1)</script>') },
  { label: 'Uint8Array', value: () => new Uint8Array([0, 255]) },
  { label: 'Promise', value: () => Promise.resolve('th') },
  { label: '[hostile]', value: () => ['<script>alert(1)</script>', LONG] },
  { label: '__proto__ object', value: () => JSON.parse('{"__proto__":{"admin":true},"constructor":{"a":1}}') },
  { label: 'nested 200 deep', value: () => nested(200) },
]

function nested(depth: number): unknown {
  let value: unknown = 'th'
  for (let level = 0; level < depth; level++) value = { a: value }
  return value
}

/** Payloads written by hand: not JSON, not seroval, references to nothing, nesting deep enough to overflow. */
export const RAW_PAYLOADS: ReadonlyArray<{ label: string; text: () => string; decodes?: boolean }> = [
  { label: 'not JSON', text: () => 'not json at all' },
  { label: 'truncated JSON', text: () => '{"t":{"t":10,' },
  { label: 'empty', text: () => '' },
  { label: 'JSON null', text: () => 'null' },
  { label: 'JSON []', text: () => '[]' },
  { label: 'JSON {}', text: () => '{}' },
  { label: 'JSON with NaN', text: () => '{"t": NaN}' },
  { label: 'unknown node type', text: () => '{"t":{"t":99,"i":0},"f":127,"m":[]}' },
  { label: 'node of type null', text: () => '{"t":null,"f":127,"m":[]}' },
  { label: 'keys and values apart', text: () => '{"t":{"t":10,"i":0,"p":{"k":["data"],"v":[]},"o":0},"f":127,"m":[]}' },
  { label: 'reference to no node', text: () => '{"t":{"t":4,"i":123456},"f":127,"m":[]}' },
  {
    label: 'bad string escape',
    text: () => '{"t":{"t":10,"i":0,"p":{"k":["data"],"v":[{"t":1,"s":"\\\\x"}]},"o":0},"f":127,"m":[]}',
  },
  { label: 'plugin node of no plugin', text: () => '{"t":{"t":25,"i":0,"s":{},"c":"$TSR/Evil"},"f":127,"m":[]}' },
  {
    label: '__proto__ pollution node',
    // It decodes to an object whose prototype carries `polluted` (that object's only): optional fields pass.
    decodes: true,
    text: () =>
      '{"t":{"t":10,"i":0,"p":{"k":["data","__proto__"],"v":[{"t":10,"i":1,"p":{"k":["__proto__"],"v":[{"t":10,"i":2,"p":{"k":["polluted"],"v":[{"t":2,"s":2}]},"o":0}]},"o":0},{"t":10,"i":3,"p":{"k":["polluted"],"v":[{"t":2,"s":2}]},"o":0}]},"o":0},"f":127,"m":[]}',
  },
  { label: 'array of 10^9 holes', text: () => '{"t":{"t":9,"i":0,"l":1000000000,"a":[],"o":0},"f":127,"m":[]}' },
  { label: 'nodes nested 20 000 deep', text: () => deepNodes(20_000) },
  { label: 'JSON nested 100 000 deep', text: () => `${'['.repeat(100_000)}${']'.repeat(100_000)}` },
]

function deepNodes(depth: number): string {
  const open = '{"t":10,"i":0,"p":{"k":["a"],"v":['.repeat(depth)
  return `{"t":${open}{"t":1,"s":"x"}${']},"o":0}'.repeat(depth)},"f":127,"m":[]}`
}

// ── generated input ─────────────────────────────────────────────────────────────────────────────

type Leaf = { path: string[]; field: Field }

function leavesOf(shape: Shape, prefix: string[] = []): Leaf[] {
  const inner = shape.kind === 'nullable' ? shape.of : shape
  if (inner.kind !== 'object') return []
  return Object.entries(inner.fields).flatMap(([key, field]) => [
    { path: [...prefix, key], field },
    ...leavesOf(field.shape, [...prefix, key]),
  ])
}

function setAt(target: unknown, path: readonly string[], value: unknown, remove = false): unknown {
  if (path.length === 0) return value
  const [key = '', ...rest] = path
  const base = typeof target === 'object' && target !== null && !Array.isArray(target) ? target : {}
  const entries = Object.entries(base as Record<string, unknown>)
  if (remove && rest.length === 0) return Object.fromEntries(entries.filter(([name]) => name !== key))
  const copy = Object.fromEntries(entries)
  copy[key] = setAt(copy[key], rest, value, remove)
  return copy
}

/** Values the shape accepts (the "valid" half that generated broken input is made of). */
function validArbitrary(shape: Shape): fc.Arbitrary<unknown> {
  switch (shape.kind) {
    case 'string':
      if (shape.pattern) {
        const { min = 0, max } = shape
        // fast-check generates from case-sensitive patterns only: what it makes matches the /i pattern as well.
        const pattern = new RegExp(shape.pattern.source, shape.pattern.flags.replace('i', ''))
        return fc.stringMatching(pattern).filter((text) => text.length >= min && text.length <= max)
      }
      return fc
        .string({ unit: 'binary', minLength: shape.min ?? 0, maxLength: Math.min(shape.max, 40) })
        .filter((text) => accepts(shape, text))
    case 'int':
      return fc.integer({ min: shape.min ?? -1_000_000, max: shape.max ?? 1_000_000 })
    case 'enum':
      return fc.constantFrom(...shape.values)
    case 'boolean':
      return fc.boolean()
    case 'true':
      return fc.constant(true)
    case 'nullable':
      return fc.option(validArbitrary(shape.of), { nil: null })
    case 'array':
      return fc.array(validArbitrary(shape.of), { maxLength: Math.min(shape.max, 3) })
    case 'object': {
      const entries = Object.entries(shape.fields)
      return fc.record(Object.fromEntries(entries.map(([key, field]) => [key, validArbitrary(field.shape)])), {
        requiredKeys: entries.filter(([, field]) => field.required).map(([key]) => key),
      })
    }
  }
}

/** A wrong value for any field: hostile strings, wrong types, random strings and numbers. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...WRONG_VALUES).map((wrong) => wrong.value()),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.double(),
  fc.bigInt(),
)

/** The base input with one field broken (or removed), generated from the shape. */
function brokenArbitrary(shape: Shape, base: unknown): fc.Arbitrary<unknown> {
  const leaves = leavesOf(shape)
  if (leaves.length === 0) return wrongValue
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(...leaves), wrongValue, fc.boolean())
        .map(([leaf, value, remove]) => setAt(base, leaf.path, value, remove && !leaf.field.required)),
    },
    { weight: 1, arbitrary: validArbitrary(shape) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 3, withNullPrototype: true, withMap: true, withSet: true }) },
  )
}

// ── calling a server function ───────────────────────────────────────────────────────────────────

export type Call = {
  label: string
  /** The `data` argument (omitted: a call without arguments). */
  data?: unknown
  /** A payload written by hand instead of seroval's. */
  raw?: string
  method?: Method
  headers?: Record<string, string>
  /** What the answer must be: decided from the shape for data, a refusal for raw payloads. */
  expect?: 'accepted' | 'refused' | { status: number }
}

type Decoded =
  | { kind: 'result'; value: unknown }
  | { kind: 'error'; message: string }
  | { kind: 'json'; value: unknown }
  | { kind: 'other' }
type Answer = { status: number; contentType: string; text: string; decoded: Decoded; description: string }

const serovalAnswer = z.object({
  t: z.literal(10),
  p: z.object({ k: z.array(z.string()).min(1), v: z.array(z.unknown()).min(1) }),
})
const errorNode = z.object({ s: z.object({ message: z.object({ t: z.literal(1), s: z.string() }) }) })
/** An HttpError, sent by the shop's serialization adapter (src/start.ts) with its status and message. */
const httpErrorNode = z.object({ c: z.literal('$TSR/t/store/http-error'), s: z.object({ v: z.unknown() }) })

function decode(text: string, contentType: string, serialized: boolean): Decoded {
  if (!/application\/json/.test(contentType)) return { kind: 'other' }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { kind: 'other' }
  }
  if (!serialized) return { kind: 'json', value: json }
  const answer = serovalAnswer.safeParse(json)
  if (!answer.success) return { kind: 'other' }
  if (answer.data.p.k[0] === 'error') {
    const node = errorNode.safeParse(answer.data.p.v[0])
    if (node.success) {
      return { kind: 'error', message: fromCrossJSON<string>(node.data.s.message as SerovalNode, { refs: new Map() }) }
    }
    const httpError = httpErrorNode.safeParse(answer.data.p.v[0])
    if (!httpError.success) return { kind: 'error', message: '' }
    const fields = fromCrossJSON<unknown>(httpError.data.s.v as SerovalNode, { refs: new Map() })
    return { kind: 'error', message: z.object({ message: z.string() }).safeParse(fields).data?.message ?? '' }
  }
  const whole = fromCrossJSON<Record<string, unknown>>(json as SerovalNode, { refs: new Map() })
  return { kind: 'result', value: whole.result }
}

export function short(value: string, max = 300): string {
  return (
    JSON.stringify(value.length > max ? `${value.slice(0, max)}…` : value) +
    (value.length > max ? ` (${value.length} chars)` : '')
  )
}

function describeData(call: Call): string {
  if (call.raw !== undefined) return `raw ${short(call.raw, 120)}`
  if (!('data' in call)) return 'no data'
  try {
    return short(
      JSON.stringify(call.data, (_key, value: unknown) =>
        typeof value === 'bigint' ? `${value}n` : value instanceof Map || value instanceof Set ? [...value] : value,
      ) ?? String(call.data),
      160,
    )
  } catch {
    return String(call.data)
  }
}

export async function send(context: APIRequestContext, target: ServerFn, call: Call): Promise<Answer> {
  const method = call.method ?? target.method
  let payload: string | undefined = call.raw
  if (payload === undefined && 'data' in call) payload = JSON.stringify(await toJSONAsync({ data: call.data }))
  let url = `${SERVER_FN_BASE}${target.id}`
  const headers: Record<string, string> = { 'x-tsr-serverFn': 'true', accept: 'application/json', ...call.headers }
  let body: string | undefined
  if (method === 'GET') {
    if (payload !== undefined) url += `?payload=${encodeLoosely(payload)}`
  } else if (payload !== undefined) {
    body = payload
    headers['content-type'] ??= 'application/json'
  }
  let response: APIResponse
  try {
    response = await context.fetch(url, {
      method,
      headers,
      data: body,
      maxRedirects: 0,
      failOnStatusCode: false,
      timeout: 20_000,
    })
  } catch (error) {
    // Node's HTTP server refuses a request head over 16 KB with 431 and closes the connection, sometimes while
    // the client is still writing the URL: the app never sees such a call.
    if (url.length > 16_384 && error instanceof Error && /ECONNRESET|EPIPE|socket hang up/.test(error.message)) {
      const text = ''
      return {
        status: 431,
        contentType: '',
        text,
        decoded: { kind: 'other' },
        description: `${target.name} [${call.label}] ${method} (URL of ${url.length} characters) → connection closed`,
      }
    }
    throw error
  }
  const text = await response.text()
  const contentType = response.headers()['content-type'] ?? ''
  const decoded = decode(text, contentType, response.headers()['x-tss-serialized'] === 'true')
  return {
    status: response.status(),
    contentType,
    text,
    decoded,
    description: `${target.name} [${call.label}] ${method} ${describeData(call)} → ${response.status()} ${short(text, 300)}`,
  }
}

/** Calls a function with valid arguments and gives its result; anything else fails the test at once. */
export async function invoke(context: APIRequestContext, name: string, data?: unknown): Promise<unknown> {
  const answer = await send(context, fn(name), data === undefined ? { label: 'setup' } : { label: 'setup', data })
  if (answer.decoded.kind !== 'result') throw new Error(`setup call failed: ${answer.description}`)
  return answer.decoded.value
}

// ── checks ──────────────────────────────────────────────────────────────────────────────────────

const STACK_PATTERNS: ReadonlyArray<[string, RegExp]> = [
  ['stack frame', /\n\s+at .+\(.+:\d+:\d+\)/],
  ['stack frame', /\bat [\w$.<>]+ \((?:file:|node:|\/)/],
  ['node_modules path', /node_modules/],
  ['source path', /\/src\/[\w/.-]+\.[cm]?[jt]sx?/],
  ['build path', /\.output\/|\/_ssr\/|\/_libs\//],
  ['TypeScript file position', /\.tsx?:\d+/],
  ['JavaScript file position', /\.[cm]?js:\d+:\d+/],
  ['error class dump', /\b(?:TypeError|RangeError|SyntaxError|ReferenceError|ZodError|DrizzleQueryError|PGlite)\b/],
  ['SQL error', /\b(?:syntax error at or near|violates (?:not-null|foreign key|unique|check) constraint)\b/],
]

export function isRefusalResult(value: unknown): value is { ok: false; status?: unknown; reason?: unknown } {
  return typeof value === 'object' && value !== null && 'ok' in value && value.ok === false
}

/** What is wrong with an answer: a 5xx, a leak, an unclear refusal, an answer that contradicts the validator. */
export function problemsOf(answer: Answer, call: Call): string[] {
  const problems: string[] = []
  const { status, decoded } = answer
  if (status >= 500) problems.push(`status ${status}`)
  for (const [name, pattern] of STACK_PATTERNS) if (pattern.test(answer.text)) problems.push(`the body shows a ${name}`)
  if (answer.text.includes(ROOT.replace(/\/$/, ''))) problems.push('the body shows a file path of the server')
  if (status >= 400) {
    // The HTTP layer refuses a URL over its limit before the app sees it: the status line is the message.
    const oversized = status === 414 || status === 431
    const message =
      decoded.kind === 'error'
        ? decoded.message
        : decoded.kind === 'json'
          ? (z.object({ message: z.string() }).safeParse(decoded.value).data?.message ?? '')
          : /^text\/plain/.test(answer.contentType)
            ? answer.text
            : ''
    if (!oversized && message.trim() === '') problems.push('a refusal without a clear message')
  }
  if (status < 400 && decoded.kind === 'error') {
    problems.push(`the function failed but answered ${status}: ${short(decoded.message, 200)}`)
  }
  if (status < 400 && decoded.kind === 'result' && isRefusalResult(decoded.value)) {
    const refusedWith = decoded.value.status
    if (typeof refusedWith === 'number' && refusedWith >= 500) problems.push(`a refusal with status ${refusedWith}`)
    if (typeof decoded.value.reason !== 'string' && !('error' in decoded.value))
      problems.push('a refusal without a reason')
  }
  const validationRefusal = status === 400 && decoded.kind === 'error' && decoded.message.startsWith('Invalid input')
  if (call.expect === 'refused' && (status < 400 || status >= 500))
    problems.push(`expected a 4xx refusal, got ${status}`)
  if (call.expect === 'accepted' && validationRefusal) problems.push('the validator refused input its schema accepts')
  if (typeof call.expect === 'object' && status !== call.expect.status) {
    problems.push(`expected ${call.expect.status}, got ${status}`)
  }
  return problems
}

// ── what a refused call must not change ─────────────────────────────────────────────────────────

/**
 * What the member owns, read through the app's own server functions: a refused call must leave every one of
 * them as it was, and a call that succeeded may only change what its function writes.
 */
type Metric = 'orders' | 'addresses' | 'wishlist' | 'cart' | 'profile' | 'sessions'
const METRICS: Record<Metric, (context: APIRequestContext) => Promise<string>> = {
  orders: async (context) => {
    const history = z
      .object({ total: z.number(), items: z.array(z.object({ number: z.string(), status: z.string() })) })
      .parse(await invoke(context, 'getOrderHistory', { page: 1 }))
    return `${history.total} ${history.items.map((item) => `${item.number}:${item.status}`).join(' ')}`
  },
  addresses: async (context) => {
    const list = z
      .array(z.object({ id: z.string(), isDefault: z.boolean() }))
      .parse(await invoke(context, 'listAddresses'))
    return list.map((item) => `${item.id}${item.isDefault ? '*' : ''}`).join(' ')
  },
  wishlist: async (context) => {
    const view = z
      .object({ productIds: z.array(z.string()) })
      .parse(await invoke(context, 'getWishlist', { lang: 'th', currency: 'thb' }))
    return view.productIds.toSorted().join(' ')
  },
  cart: async (context) => {
    const cart = z
      .object({ items: z.array(z.object({ id: z.string(), quantity: z.number() })) })
      .parse(await invoke(context, 'getCart', { lang: 'th', currency: 'thb' }))
    return cart.items.map((item) => `${item.id}×${item.quantity}`).join(' ')
  },
  profile: async (context) => JSON.stringify(await invoke(context, 'getSessionMember')),
  sessions: async (context) =>
    z
      .array(z.object({ id: z.string(), current: z.boolean() }))
      .parse(await invoke(context, 'getMemberSessions'))
      .map((item) => `${item.id}${item.current ? '*' : ''}`)
      .toSorted()
      .join(' '),
}
export const ALL_METRICS = Object.keys(METRICS) as Metric[]

export async function snapshot(context: APIRequestContext, metrics: readonly Metric[]): Promise<Map<Metric, string>> {
  const values = new Map<Metric, string>()
  for (const metric of metrics) values.set(metric, await METRICS[metric](context))
  return values
}

export function differences(
  before: Map<Metric, string>,
  after: Map<Metric, string>,
  only?: readonly Metric[],
): string[] {
  return [...after.keys()]
    .filter((metric) => (!only || only.includes(metric)) && before.get(metric) !== after.get(metric))
    .map((metric) => `${metric}: ${short(before.get(metric) ?? '', 120)} → ${short(after.get(metric) ?? '', 120)}`)
}

// ── what a function is fuzzed with ──────────────────────────────────────────────────────────────

export type Env = {
  member: TestMember
  productId: string
  categorySlug: string
  sku: string
  size: string
}
export type Spec = {
  /** The validator's shape; undefined: the function has no validator (and ignores what it is sent). */
  input?: Shape
  /** Valid arguments for the member (may call other functions to set the stage). */
  base: (env: Env, context: APIRequestContext) => unknown
  /** What the function may change when it succeeds. */
  writes?: readonly Metric[]
  /** After a success: put back what the next calls need (the cart a placed order emptied). */
  afterSuccess?: (env: Env, context: APIRequestContext) => Promise<void>
  /** Ends the member's session: fuzzed as a guest only. */
  guestOnly?: boolean
  /** Seroval-carried data the function turns into a fresh value each call (the idempotency key). */
  fresh?: (data: unknown) => unknown
}

/** The calls made to one function: the enumerated cases, then those fast-check generates from its shape. */
export function callsFor(name: string, spec: Spec, base: unknown, index: number): Call[] {
  const target = fn(name)
  const other: Method = target.method === 'GET' ? 'POST' : 'GET'
  const judge = (data: unknown): Call['expect'] =>
    spec.input === undefined ? undefined : accepts(spec.input, data) ? 'accepted' : 'refused'
  const withData = (label: string, data: unknown): Call => ({ label, data, expect: judge(data) })
  const calls: Call[] = [
    { ...withData('valid arguments', base), expect: spec.input ? 'accepted' : undefined },
    { label: `sent with ${other}`, data: base, method: other, expect: { status: 405 } },
    {
      label: 'without the x-tsr-serverFn header',
      data: base,
      headers: { 'x-tsr-serverFn': '' },
      expect: { status: 400 },
    },
    {
      label: 'cross-site',
      data: base,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      expect: { status: 403 },
    },
    {
      label: 'no Origin, no Sec-Fetch-Site',
      data: base,
      headers: { origin: '', 'sec-fetch-site': '' },
      expect: { status: 403 },
    },
    { label: 'no arguments', expect: spec.input ? 'refused' : undefined },
    withData('data null', null),
    withData('data []', []),
    withData('data "th"', 'th'),
    withData('data 42', 42),
    withData('data Date', new Date(0)),
    withData(
      'data Map of the arguments',
      new Map(Object.entries(typeof base === 'object' && base !== null ? base : {})),
    ),
    withData('data with __proto__ and constructor keys', {
      ...JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}'),
      ...(typeof base === 'object' ? base : {}),
    }),
    withData(
      'data with extra keys',
      typeof base === 'object' && base !== null ? { ...base, admin: true, role: 'operator', id: 1 } : { admin: true },
    ),
  ]
  // Three malformed payloads per function (the whole list goes to two functions in the test of malformed calls).
  // (A GET carries them in its URL: the deepest goes to POST functions only, past the URL's size limit.)
  for (const raw of (target.method === 'GET' ? [0, 7, 13] : [0, 7, 15]).map((at) => RAW_PAYLOADS[at])) {
    if (raw)
      calls.push({ label: raw.label, raw: raw.text(), expect: spec.input && !raw.decodes ? 'refused' : undefined })
  }
  if (spec.input) {
    for (const [position, leaf] of leavesOf(spec.input).entries()) {
      const at = leaf.path.join('.')
      const wrong = WRONG_VALUES[(position + index) % WRONG_VALUES.length]
      const hostile = HOSTILE_STRINGS[(position * 3 + index) % HOSTILE_STRINGS.length] ?? ''
      if (wrong) calls.push(withData(`${at} = ${wrong.label}`, setAt(base, leaf.path, wrong.value())))
      calls.push(withData(`${at} = hostile ${short(hostile, 24)}`, setAt(base, leaf.path, hostile)))
      if (position % 2 === 0) calls.push(withData(`${at} = ${LONG.length} characters`, setAt(base, leaf.path, LONG)))
      if (leaf.field.required) calls.push(withData(`without ${at}`, setAt(base, leaf.path, undefined, true)))
    }
  }
  const generated = fc.sample(spec.input ? brokenArbitrary(spec.input, base) : fc.anything({ maxDepth: 3 }), {
    seed: SEED + index,
    numRuns: RUNS_PER_FUNCTION,
  })
  for (const [run, data] of generated.entries()) calls.push(withData(`fast-check #${run} (seed ${SEED + index})`, data))
  return calls
}

// ── the fuzzing's connections and its product ───────────────────────────────────────────────────

/** The fuzzing's own client address (the test server trusts X-Forwarded-For, as behind a proxy). */
const FUZZ_CLIENT_IP = `10.77.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`

export async function sameOriginContext(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
): Promise<APIRequestContext> {
  return playwright.request.newContext({
    baseURL,
    // A connection of its own: the fuzzing's well-formed wrong codes slow down and challenge it (issue 15), not the
    // rest of the suite.
    extraHTTPHeaders: { origin: baseURL, 'sec-fetch-site': 'same-origin', 'x-forwarded-for': FUZZ_CLIENT_IP },
  })
}

/** A product of its own for the fuzzing's orders (other specs buy and re-price theirs), with plenty of stock. */
export async function fuzzProduct(request: APIRequestContext): Promise<Omit<Env, 'member'>> {
  const list = z
    .object({
      items: z.array(z.object({ id: z.string(), category: z.object({ slug: z.string() }), tags: z.array(z.string()) })),
    })
    .parse(await (await request.get(`${API}/products?available=true&page_size=100&sort=newest`)).json())
  const taken = /linen-wrap-dress|cotton-poplin-shirt|linen-wide-leg-trousers|thai-silk-pleated-midi-skirt/
  const product = list.items.find(
    (item) => item.tags.length === 0 && !['shoes', 'dresses'].includes(item.category.slug) && !taken.test(item.id),
  )
  if (!product) throw new Error('no product of its own for the fuzzing')
  const detail = z
    .object({ variants: z.array(z.object({ sku: z.string(), size: z.string(), available_online: z.boolean() })) })
    .parse(await (await request.get(`${API}/products/${product.id}`)).json())
  const variant = detail.variants.find((item) => item.available_online) ?? detail.variants[0]
  if (!variant) throw new Error(`${product.id} has no variant`)
  const stocked = await request.put(`${API}/operator/variants/${variant.sku}/stock`, {
    headers: OPERATOR,
    data: { stock_online: 1_000_000 },
  })
  expect(stocked.status()).toBe(204)
  return { productId: product.id, categorySlug: product.category.slug, sku: variant.sku, size: variant.size }
}
