import { createHmac } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import * as fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { createApiApp, type ApiApp } from './api-app'
import { createStripeProvider } from '~/api/payments/stripe.server'
import { createLineLogin } from '~/api/providers/line-login.server'
import { resultRows } from '~/db/client.server'
import {
  carts,
  cartItems,
  idempotencyKeys,
  memberAddresses,
  memberCodes,
  members,
  oauthStates,
  orderEvents,
  orderItems,
  orderMails,
  orders,
  otpChallenges,
  outboxMessages,
  payments,
  pixelEvents,
  products,
  orderShipments,
  returnRequestItems,
  returnRequests,
  sessions,
  variants,
  wishlistItems,
} from '~/db/schema'
import { freshDatabase } from './database'
import { thaiAddress } from './support/address'
import { encodeLoosely, HOSTILE_STRINGS, LONG, MALFORMED_URL_PIECES } from '../hostile-input'

/**
 * Issue 8, item 4: every operation of the OpenAPI document is sent input generated from its own schemas
 * (fast-check, fixed seed) and hostile strings. Every answer must be below 500, without a stack trace, and a
 * refusal (4xx) must be JSON with a code and a message. A refused request must not change the number of rows
 * of any business table ("nothing is stored half").
 */

const ORIGIN = 'http://shop.test'
const STORE = 'demo'
const OPERATOR = 'operator-token-for-the-bad-input-tests-0123456789'
const PAYMENT_SECRET = 'bad-input-payment-secret'
const STRIPE_WEBHOOK_SECRET = 'whsec_bad_input_tests'
const IP = '203.0.113.77'
const SEED = 84_2026
/** Random requests per operation (on top of the enumerated cases). */
const RUNS_PER_OPERATION = 16
/** The document lists 64 operations today; fewer than this means routes went missing (or nothing is tested). */
const MIN_OPERATIONS = 60

// ── hostile values ──────────────────────────────────────────────────────────────────────────────

/** A JSON token written as is: numbers JavaScript cannot hold (9007199254740993, -0) and very deep nesting. */
class RawJson {
  constructor(readonly text: string) {}
}
const deepObject = (depth: number) => new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`)
const deepArray = (depth: number) => new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`)
/** JSON.parse makes `__proto__` an own key, as a JSON body does on the server. */
const protoPollution = (): unknown =>
  JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}')

/** Values of the wrong JSON type for any field (numbers in place of strings, containers, null …). */
const WRONG_TYPES: ReadonlyArray<{ label: string; value: () => unknown }> = [
  { label: '-1', value: () => -1 },
  { label: '1e308', value: () => new RawJson('1e308') },
  { label: '-0', value: () => new RawJson('-0') },
  { label: '9007199254740993', value: () => new RawJson('9007199254740993') },
  { label: '1.5', value: () => 1.5 },
  { label: 'true', value: () => true },
  { label: 'null', value: () => null },
  { label: '[]', value: () => [] },
  { label: '{}', value: () => ({}) },
  { label: '"1"', value: () => '1' },
  { label: '[hostile]', value: () => ['<script>alert(1)</script>', LONG] },
  { label: '__proto__ object', value: protoPollution },
  { label: 'deep object', value: () => deepObject(20_000) },
  { label: 'deep array', value: () => deepArray(100_000) },
]

/** Pieces written into a URL as they are: malformed percent-encodings, an encoded NUL, dot segments, overlong UTF-8. */
const RAW_URL_PIECES: readonly string[] = [
  ...MALFORMED_URL_PIECES,
  '..',
  // Look-alikes of a UUID: the database refuses them as one (a cart line id once reached it).
  '-7---d--cc--3b--71c0da-----32--2-e0-',
  '-'.repeat(36),
]

const GARBAGE_AUTH: readonly string[] = [
  "Bearer ' OR 1=1; DROP TABLE sessions; --",
  "Bearer '||(SELECT/**/token_hash/**/FROM/**/sessions)||'",
  'Bearer <script>alert(1)</script>',
  `Bearer ${'A'.repeat(8000)}`,
  'Bearer null',
  'Bearer',
  'Basic YWRtaW46YWRtaW4=',
  `Bearer ${OPERATOR}x`,
  'Bearer {{7*7}}${7*7}__proto__',
  'Bearer ../../etc/passwd%00aaaaaaaa',
  'Bearer \u00ff\u00fe\u00fd\u00fc\u00fb\u00fa\u00f9\u00f8\u00f7\u00f6\u00f5\u00f4\u00f3\u00f2\u00f1\u00f0',
]
const GARBAGE_HEADERS: readonly Record<string, string>[] = [
  { 'x-cart-token': "' OR 1=1 --", 'x-order-token': 'x'.repeat(5000) },
  { 'x-cart-token': 'a'.repeat(16), 'x-order-token': '<script>alert(1)</script>' },
  { 'x-cart-token': 'x'.repeat(100_000), 'x-forwarded-for': "<script>, ' OR 1=1 --" },
  { 'x-forwarded-for': '999.999.999.999, ::ffff:127.0.0.1', 'cf-ipcountry': '<script>' },
  { 'accept-language': `${'x'.repeat(10_000)};q=-1`, 'x-order-token': '' },
]

// ── the OpenAPI document ────────────────────────────────────────────────────────────────────────

type JsonSchema = {
  $ref?: string
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  format?: string
  pattern?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: JsonSchema | boolean
  items?: JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
}
type Parameter = { name: string; in: string; required?: boolean; schema?: JsonSchema }
type OperationObject = {
  operationId?: string
  parameters?: Parameter[]
  security?: unknown[]
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> }
}
type OpenApiDocument = {
  openapi: string
  paths: Record<string, Record<string, OperationObject>>
  components?: { schemas?: Record<string, JsonSchema> }
}
type AuthMode = 'none' | 'garbage' | 'member' | 'operator'
type Operation = {
  key: string
  method: string
  path: string
  pathParams: Parameter[]
  queryParams: Parameter[]
  headerParams: Parameter[]
  body: JsonSchema | null
  modes: AuthMode[]
}

let documentSchemas: Record<string, JsonSchema> = {}

/** The schema behind a $ref, with allOf parts merged into one object schema. */
function deref(schema: JsonSchema | undefined): JsonSchema {
  let current = schema ?? {}
  for (let hops = 0; current.$ref && hops < 10; hops++) {
    const name = current.$ref.replace('#/components/schemas/', '')
    current = documentSchemas[name] ?? {}
  }
  if (!current.allOf) return current
  const parts = current.allOf.map(deref)
  return {
    type: 'object',
    properties: Object.assign({}, ...parts.map((part) => part.properties ?? {})) as Record<string, JsonSchema>,
    required: parts.flatMap((part) => part.required ?? []),
  }
}

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type
  if (schema.type) return [schema.type]
  if (schema.enum) return [...new Set(schema.enum.map((value) => (value === null ? 'null' : typeof value)))]
  return []
}

function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = []
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      // The path item's own parameters (the store key) are not an operation.
      if (method === 'parameters') continue
      // Scalar's bundle (a static file, no input): the leak checks would read its code as a stack trace.
      if (operation.operationId === 'getReferencePageScript') continue
      const parameters = operation.parameters ?? []
      const content = operation.requestBody?.content ?? {}
      const body = content['application/json']?.schema ?? null
      const secured = (operation.security?.length ?? 0) > 0
      const modes: AuthMode[] = path.includes('/operator/')
        ? ['operator', 'none', 'garbage']
        : secured
          ? ['member', 'none', 'garbage']
          : ['none', 'garbage']
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((parameter) => parameter.in === 'path' && parameter.name !== 'storeKey'),
        queryParams: parameters.filter((parameter) => parameter.in === 'query'),
        headerParams: parameters.filter((parameter) => parameter.in === 'header'),
        body: body ? deref(body) : null,
        modes,
      })
    }
  }
  return operations
}

// ── valid-looking values from a schema ──────────────────────────────────────────────────────────

/** Realistic values by field name, so that one hostile field at a time reaches the services behind validation. */
const HINTS: Record<string, unknown> = {
  ...thaiAddress,
  identifier: 'somsri.bad-input@example.com',
  fullname: 'Somsri Test',
  email: 'somsri.bad-input@example.com',
  telephone: '0812345678',
  telephone_number: '0812345678',
  phone: '0812345678',
  firstname: 'สมศรี',
  lastname: 'ทดสอบ',
  first_name: 'Somsri',
  last_name: 'Test',
  birthdate: '1990-01-01',
  redirect_uri: 'https://shop.test/th/auth/line/callback',
  redirect_path: '/account',
  event_source_url: 'https://shop.test/th/products/x',
  payment_method: 'bank_transfer',
  code: '123456',
  q: 'dress',
  event_id: 'evt-bad-input-1',
}

function sampleFrom<T>(arbitrary: fc.Arbitrary<T>, fallback: T): T {
  return fc.sample(arbitrary, { seed: SEED, numRuns: 1 })[0] ?? fallback
}

function matching(schema: JsonSchema): fc.Arbitrary<string> | null {
  if (!schema.pattern) return null
  try {
    const min = schema.minLength ?? 0
    const max = schema.maxLength ?? Number.MAX_SAFE_INTEGER
    return fc.stringMatching(new RegExp(schema.pattern)).filter((value) => value.length >= min && value.length <= max)
  } catch {
    return null // a pattern fast-check cannot generate from (look-aheads)
  }
}

function stringSample(schema: JsonSchema): string {
  switch (schema.format) {
    case 'email':
      return 'somsri.bad-input@example.com'
    case 'uri':
      return 'https://shop.test/th'
    case 'date':
      return '1990-01-01'
    case 'date-time':
      return '2030-01-01T00:00:00.000Z'
    case 'uuid':
      return '00000000-0000-4000-8000-000000000000'
    case 'ipv4':
      return '203.0.113.7'
    case 'ipv6':
      return '2001:db8::1'
  }
  const pattern = matching(schema)
  if (pattern) return sampleFrom(pattern, '/a')
  return 'a'.repeat(Math.max(schema.minLength ?? 1, 1))
}

/** A value the schema accepts: required properties, plus optional ones with a realistic value by name. */
function validSample(input: JsonSchema | undefined, name?: string): unknown {
  const schema = deref(input)
  const types = typesOf(schema)
  const hint = name === undefined ? undefined : HINTS[name]
  if (hint !== undefined && types.includes(typeof hint)) return hint
  if (schema.const !== undefined) return schema.const
  if (schema.enum && schema.enum.length > 0) return schema.enum[0]
  const alternatives = schema.anyOf ?? schema.oneOf
  if (alternatives) {
    const first = alternatives.find((alternative) => !typesOf(deref(alternative)).includes('null'))
    return validSample(first ?? alternatives[0], name)
  }
  if (types.includes('object') || schema.properties) {
    const result: Record<string, unknown> = {}
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      if (schema.required?.includes(key) || HINTS[key] !== undefined) result[key] = validSample(property, key)
    }
    return result
  }
  if (types.includes('string')) return stringSample(schema)
  if (types.includes('integer') || types.includes('number')) {
    const low = schema.minimum ?? 1
    return schema.maximum !== undefined ? Math.min(low, schema.maximum) : low
  }
  if (types.includes('boolean')) return true
  if (types.includes('array')) return []
  if (types.includes('null')) return null
  return 'a'
}

/** Arbitrary values the schema accepts (used as the "valid" half of the generated invalid input). */
function validArbitrary(input: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const schema = deref(input)
  const types = typesOf(schema)
  if (schema.const !== undefined) return fc.constant(schema.const)
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum)
  const alternatives = schema.anyOf ?? schema.oneOf
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => validArbitrary(alternative, depth + 1)))
  if ((types.includes('object') || schema.properties) && depth < 4) {
    const shape: Record<string, fc.Arbitrary<unknown>> = {}
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      shape[key] = validArbitrary(property, depth + 1)
    }
    const required = (schema.required ?? []).filter((key) => key in shape)
    return fc.record(shape, { requiredKeys: required })
  }
  if (types.includes('string')) {
    switch (schema.format) {
      case 'email':
        return fc.emailAddress()
      case 'uri':
        return fc.webUrl()
      case 'uuid':
        return fc.uuid()
      case 'ipv4':
        return fc.ipV4()
      case 'date':
        return fc
          .date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
          .map((date) => date.toISOString().slice(0, 10))
    }
    const pattern = matching(schema)
    if (pattern) return pattern
    if (schema.pattern) return fc.constant(stringSample(schema))
    const minLength = schema.minLength ?? 0
    return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 40, 40)) })
  }
  if (types.includes('integer')) {
    return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 })
  }
  if (types.includes('number')) return fc.double({ min: schema.minimum, max: schema.maximum, noNaN: true })
  if (types.includes('boolean')) return fc.boolean()
  if (types.includes('array')) return fc.array(validArbitrary(schema.items, depth + 1), { maxLength: 3 })
  if (types.includes('null')) return fc.constant(null)
  return fc.anything({ maxDepth: 2 })
}

/** Each field valid, of a wrong type, hostile, random or absent: the schema's own shape, broken field by field. */
function brokenArbitrary(input: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const schema = deref(input)
  const field = fc.oneof(
    { arbitrary: validArbitrary(schema, depth), weight: 3 },
    { arbitrary: fc.constantFrom(...WRONG_TYPES).map((wrong) => wrong.value()), weight: 1 },
    { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 2 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 60 }), weight: 1 },
    { arbitrary: fc.anything({ maxDepth: 2, withNullPrototype: true, withObjectString: true }), weight: 1 },
  )
  if (!(typesOf(schema).includes('object') || schema.properties) || depth >= 3) return field
  const shape: Record<string, fc.Arbitrary<unknown>> = {}
  for (const [key, property] of Object.entries(schema.properties ?? {}))
    shape[key] = brokenArbitrary(property, depth + 1)
  return fc.record(shape, { requiredKeys: [] })
}

// ── requests ────────────────────────────────────────────────────────────────────────────────────

type Body =
  { json: unknown; contentType?: string } | { raw: string | Uint8Array<ArrayBuffer>; contentType: string | null }
type Case = {
  label: string
  path?: Record<string, string>
  query?: Array<[string, string]>
  headers?: Record<string, string>
  body?: Body | null
  auth?: AuthMode
}
type Sent = {
  operation: string
  label: string
  method: string
  url: string
  headers: Record<string, string>
  body: string | Uint8Array<ArrayBuffer> | undefined
}

/** JSON text of a value, with RawJson tokens as they are (JSON.stringify cannot write -0 or 2^53 + 1). */
function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text
  if (Array.isArray(value)) return `[${Array.from(value, (item: unknown) => jsonText(item)).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const prototype: unknown = Object.getPrototypeOf(value)
    if (prototype === Object.prototype || prototype === null) {
      const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined)
      return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`).join(',')}}`
    }
  }
  return (JSON.stringify(value) as string | undefined) ?? 'null'
}

function headerSafe(value: string): boolean {
  try {
    new Headers([['x-probe', value]])
    return true
  } catch {
    return false // fetch refuses CR, LF, NUL and characters above U+00FF in headers, as any HTTP stack would
  }
}

function clone<T>(value: T): T {
  return structuredClone(value)
}

function setAt(target: unknown, path: readonly string[], value: unknown): unknown {
  const root = clone(target)
  if (path.length === 0) return value
  let current = root as Record<string, unknown>
  for (const key of path.slice(0, -1)) {
    const next = current[key]
    if (typeof next !== 'object' || next === null || Array.isArray(next)) current[key] = {}
    current = current[key] as Record<string, unknown>
  }
  current[path[path.length - 1] ?? ''] = value
  return root
}

function removeAt(target: unknown, path: readonly string[]): unknown {
  const root = clone(target)
  let current = root as Record<string, unknown>
  for (const key of path.slice(0, -1)) {
    const next = current[key]
    if (typeof next !== 'object' || next === null) return root
    current = next as Record<string, unknown>
  }
  Reflect.deleteProperty(current, path[path.length - 1] ?? '')
  return root
}

type Leaf = { path: string[]; schema: JsonSchema; required: boolean }

/** Every property of a body schema, nested objects included (address, user_data …). */
function leavesOf(input: JsonSchema, prefix: string[] = []): Leaf[] {
  const schema = deref(input)
  const leaves: Leaf[] = []
  for (const [key, raw] of Object.entries(schema.properties ?? {})) {
    const property = deref(raw)
    const path = [...prefix, key]
    leaves.push({ path, schema: property, required: schema.required?.includes(key) ?? false })
    const objectLike = property.properties ?? deref(property.anyOf?.find((option) => deref(option).properties))
    if (objectLike.properties && prefix.length < 2) leaves.push(...leavesOf(objectLike, path))
  }
  return leaves
}

function isStringLeaf(schema: JsonSchema): boolean {
  const types = typesOf(schema)
  return types.includes('string') || (schema.anyOf ?? []).some((option) => typesOf(deref(option)).includes('string'))
}

/** The enumerated cases of one operation: hostile path, query, header and body values, broken bodies. */
function casesOf(operation: Operation, baseBody: unknown): Case[] {
  const cases: Case[] = []
  for (const parameter of operation.pathParams) {
    for (const [index, value] of HOSTILE_STRINGS.entries()) {
      cases.push({
        label: `path ${parameter.name} = hostile #${index}`,
        path: { [parameter.name]: encodeLoosely(value) },
      })
    }
    for (const piece of RAW_URL_PIECES) {
      cases.push({ label: `path ${parameter.name} = raw ${piece}`, path: { [parameter.name]: piece } })
    }
  }
  for (const parameter of operation.queryParams) {
    const name = parameter.name
    for (const [index, value] of HOSTILE_STRINGS.entries()) {
      cases.push({ label: `query ${name} = hostile #${index}`, query: [[name, encodeLoosely(value)]] })
    }
    for (const piece of RAW_URL_PIECES.slice(0, 7)) {
      cases.push({ label: `query ${name} = raw ${piece}`, query: [[name, piece]] })
    }
    cases.push({
      label: `query ${name} twice`,
      query: [
        [name, 'a'],
        [name, 'b'],
      ],
    })
    cases.push({
      label: `query ${name}[]`,
      query: [
        [`${name}[]`, '1'],
        [name, ''],
      ],
    })
    cases.push({ label: `query ${name}[a]`, query: [[`${name}[a]`, '1']] })
    cases.push({ label: `query ${name} empty`, query: [[name, '']] })
  }
  if (operation.queryParams.length > 0 || operation.method === 'GET') {
    cases.push({
      label: 'unknown query keys',
      query: [
        ['__proto__[admin]', 'true'],
        ['constructor[prototype][admin]', 'true'],
        [encodeLoosely('<script>'), encodeLoosely('<script>alert(1)</script>')],
      ],
    })
  }
  for (const parameter of operation.headerParams) {
    for (const [index, value] of HOSTILE_STRINGS.entries()) {
      if (!headerSafe(value)) continue
      cases.push({ label: `header ${parameter.name} = hostile #${index}`, headers: { [parameter.name]: value } })
    }
  }
  if (!operation.body) return cases

  const wholeBodies: Array<[string, Body]> = [
    ['body {}', { json: {} }],
    ['body []', { json: [] }],
    ['body "string"', { json: 'string' }],
    ['body 42', { json: 42 }],
    ['body null', { json: null }],
    ['body true', { json: true }],
    ['body -0', { json: new RawJson('-0') }],
    ['body 9007199254740993', { json: new RawJson('9007199254740993') }],
    ['body [base]', { json: [baseBody] }],
    ['body with __proto__ and constructor keys', { raw: protoBody(baseBody), contentType: 'application/json' }],
    ['body with extra keys', { json: { ...(baseBody as object), admin: true, role: 'operator', id: 1 } }],
    ['body nested 100 000 deep (array)', { json: deepArray(100_000) }],
    ['body nested 50 000 deep (object)', { json: deepObject(50_000) }],
    ['body 2 MB string', { json: 'x'.repeat(2_000_000) }],
    ['body empty with JSON content-type', { raw: '', contentType: 'application/json' }],
    ['body not JSON', { raw: 'not json at all', contentType: 'application/json' }],
    ['body truncated JSON', { raw: '{"a":', contentType: 'application/json' }],
    ['body JSON with trailing garbage', { raw: `${jsonText(baseBody)}}}`, contentType: 'application/json' }],
    ['body with single quotes', { raw: "{'a': 1}", contentType: 'application/json' }],
    ['body NaN', { raw: '{"a": NaN}', contentType: 'application/json' }],
    ['body with a BOM', { raw: `\ufeff${jsonText(baseBody)}`, contentType: 'application/json' }],
    ['body of invalid UTF-8', { raw: invalidUtf8(), contentType: 'application/json' }],
    ['body JSON as text/plain', { raw: jsonText(baseBody), contentType: 'text/plain' }],
    ['body as a form', { raw: 'a=1&__proto__[admin]=1', contentType: 'application/x-www-form-urlencoded' }],
    [
      'body as multipart',
      {
        raw: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
        contentType: 'multipart/form-data; boundary=x',
      },
    ],
    ['body XML with an external entity', { raw: XXE, contentType: 'application/xml' }],
    ['body JSON without content-type', { raw: jsonText(baseBody), contentType: null }],
    [
      'body with a hostile content-type',
      { raw: jsonText(baseBody), contentType: 'application/json; charset=<script>' },
    ],
    ['body with a vendor JSON type', { raw: jsonText(baseBody), contentType: 'application/vnd.api+json' }],
  ]
  for (const [label, body] of wholeBodies) cases.push({ label, body })

  // One broken field in an otherwise valid-looking body, sent by the operation's own caller (the member with a
  // cart, the operator), so that what validation lets through reaches the services and the database.
  const auth = operation.modes[0]
  for (const leaf of leavesOf(operation.body)) {
    const at = leaf.path.join('.')
    for (const wrong of WRONG_TYPES) {
      cases.push({ label: `${at} = ${wrong.label}`, body: { json: setAt(baseBody, leaf.path, wrong.value()) }, auth })
    }
    const values = isStringLeaf(leaf.schema) ? HOSTILE_STRINGS : HOSTILE_STRINGS.slice(0, 8)
    for (const [index, value] of values.entries()) {
      cases.push({ label: `${at} = hostile #${index}`, body: { json: setAt(baseBody, leaf.path, value) }, auth })
    }
    if (leaf.required) cases.push({ label: `without ${at}`, body: { json: removeAt(baseBody, leaf.path) }, auth })
  }
  return cases
}

const XXE = '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>'

function invalidUtf8(): Uint8Array<ArrayBuffer> {
  return Uint8Array.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0xff, 0xfe, 0xc0, 0xae, 0x22, 0x7d])
}

function protoBody(baseBody: unknown): string {
  const rest = jsonText(baseBody).slice(1)
  const pollution = '"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}'
  return rest === '}' ? `{${pollution}}` : `{${pollution},${rest}`
}

// ── checks ──────────────────────────────────────────────────────────────────────────────────────

const STACK_PATTERNS: ReadonlyArray<[string, RegExp]> = [
  ['stack frame', /\n\s+at .+\(.+:\d+:\d+\)/],
  ['stack frame', /\bat [\w$.<>]+ \((?:file:|node:|\/)/],
  ['node_modules path', /node_modules/],
  ['source path', /\/src\/[\w/.-]+/],
  ['TypeScript file position', /\.tsx?:\d+/],
  ['JavaScript file position', /\.[cm]?js:\d+:\d+/],
  ['error class dump', /\b(?:TypeError|RangeError|SyntaxError|ReferenceError|ZodError|DrizzleQueryError|PGlite)\b/],
  [
    'SQL error',
    /\b(?:syntax error at or near|violates (?:not-null|foreign key|unique|check) constraint|relation ".+" does not exist)\b/,
  ],
]

type Answer = { status: number; contentType: string; text: string }

function short(value: unknown, max = 300): string {
  const text =
    typeof value === 'string' ? value : value instanceof Uint8Array ? `<${value.length} bytes>` : jsonText(value)
  const printable = JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text)
  return text.length > max ? `${printable} (${text.length} chars)` : printable
}

function describeRequest(sent: Sent, answer: Answer): string {
  return [
    `${sent.operation} [${sent.label}]`,
    `  request:  ${sent.method} ${short(sent.url, 400)}`,
    `  headers:  ${short(JSON.stringify(sent.headers), 400)}`,
    `  body:     ${sent.body === undefined ? '(none)' : short(sent.body, 400)}`,
    `  answer:   ${answer.status} ${answer.contentType} ${short(answer.text, 600)}`,
  ].join('\n')
}

/** What is wrong with an answer: 5xx, a stack trace or internals, a refusal that is not a clear JSON error. */
function problemsOf(answer: Answer): string[] {
  const problems: string[] = []
  if (answer.status >= 500) problems.push(`status ${answer.status}`)
  for (const [name, pattern] of STACK_PATTERNS) {
    if (pattern.test(answer.text)) problems.push(`the body shows a ${name}`)
  }
  if (answer.text.includes(process.cwd())) problems.push('the body shows a file path of the server')
  if (answer.status >= 400) {
    if (!/^application\/json\b/.test(answer.contentType)) {
      problems.push(`a refusal answered as ${answer.contentType || 'no content-type'}, not JSON`)
      return problems
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(answer.text)
    } catch {
      problems.push('a refusal whose body is not JSON')
      return problems
    }
    const error = z
      .object({
        code: z.union([z.number(), z.string().min(1)]),
        message: z.string().refine((message) => message.trim().length > 0),
      })
      .safeParse(parsed)
    if (!error.success) problems.push('a refusal without a numeric or string code and a non-empty message')
  }
  return problems
}

// ── the "stored half" watch ─────────────────────────────────────────────────────────────────────

/**
 * Business tables a refused request must never change. Not watched, because a refusal legitimately writes them:
 * rate_counters (refused sends count towards the limits), captcha_challenges (a 428 hands out a captcha) and
 * otp_failures (a wrong code is a refusal that counts).
 */
const WATCHED = {
  members,
  member_addresses: memberAddresses,
  sessions,
  carts,
  cart_items: cartItems,
  wishlist_items: wishlistItems,
  orders,
  order_items: orderItems,
  order_events: orderEvents,
  payments,
  idempotency_keys: idempotencyKeys,
  return_requests: returnRequests,
  return_request_items: returnRequestItems,
  order_shipments: orderShipments,
  member_codes: memberCodes,
  pixel_events: pixelEvents,
  oauth_states: oauthStates,
  otp_challenges: otpChallenges,
  outbox_messages: outboxMessages,
  order_mails: orderMails,
} as const
type Counts = Record<keyof typeof WATCHED, number>

/** Which watched tables an operation may write when it succeeds (2xx). */
const WRITES: ReadonlyArray<[RegExp, ReadonlyArray<keyof typeof WATCHED>]> = [
  [/^POST .*\/auth\/(login-code|register|resend)$/, ['otp_challenges', 'outbox_messages']],
  [/^POST .*\/auth\/line\/start$/, ['oauth_states']],
  [/^POST .*\/auth\/(verify|line\/liff|line\/callback)$/, ['members', 'sessions', 'oauth_states', 'otp_challenges']],
  [/^POST .*\/auth\/logout$/, ['sessions']],
  [/^POST .*\/auth\/logout-everywhere$/, ['sessions']],
  [/^(POST|DELETE) .*\/me\/sessions\//, ['sessions']],
  [/^POST .*\/me\/identity$/, ['otp_challenges', 'outbox_messages']],
  [/^(POST|PUT|DELETE) .*\/me\/addresses/, ['member_addresses']],
  [/^(POST|PATCH|DELETE) .*\/cart\//, ['carts', 'cart_items', 'wishlist_items']],
  [/^(PUT|DELETE) .*\/me\/wishlist\//, ['wishlist_items']],
  [
    /^POST .*\/orders$/,
    [
      'orders',
      'order_items',
      'order_events',
      'payments',
      'idempotency_keys',
      'carts',
      'cart_items',
      'outbox_messages',
      'order_mails',
    ],
  ],
  [
    /^POST .*\/orders\/\{number\}\//,
    ['order_events', 'payments', 'return_requests', 'return_request_items', 'outbox_messages', 'order_mails'],
  ],
  [
    /^POST .*\/operator\/orders\//,
    ['order_events', 'member_codes', 'outbox_messages', 'order_shipments', 'order_mails'],
  ],
  [/^POST .*-pixel\/event$/, ['pixel_events']],
]

// ── the app under test ──────────────────────────────────────────────────────────────────────────

let database: Awaited<ReturnType<typeof freshDatabase>>
let app: ApiApp
let memberId = ''
let memberToken = ''
let cartSku = ''

async function counts(): Promise<Counts> {
  const columns = Object.entries(WATCHED).map(
    ([name, table]) => sql`(SELECT count(*) FROM ${table})::int AS ${sql.identifier(name)}`,
  )
  const [row] = resultRows(await database.db.execute(sql`SELECT ${sql.join(columns, sql`, `)}`))
  return z.record(z.string(), z.coerce.number()).parse(row) as Counts
}

function changed(before: Counts, after: Counts): string[] {
  return (Object.keys(WATCHED) as Array<keyof typeof WATCHED>)
    .filter((name) => before[name] !== after[name])
    .map((name) => `${name} ${before[name]} → ${after[name]}`)
}

/** The watched counts as of now, or null when something may have changed them since they were taken. */
let knownCounts: Counts | null = null

async function newSession(): Promise<string> {
  knownCounts = null
  const [member] = await database.db.select().from(members).where(eq(members.id, memberId))
  if (!member) throw new Error('the test member is gone')
  const grant = await app.accounts.sessions.startSession(member, { ip: IP, userAgent: 'bad-input', locale: 'th' }, null)
  return grant.token
}

/** The member's cart holds an item, so that checkout calls get past "the cart is empty" to their input. */
async function ensureMemberCart(): Promise<void> {
  const owner = { memberId, token: null }
  knownCounts = null
  const cart = await app.carts.find(owner)
  if (cart?.status === 'open') {
    const [line] = await database.db.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.cartId, cart.id))
    if (line) return
  }
  await app.carts.add(owner, { sku: cartSku, quantity: 1, currency: 'thb', lang: 'en' })
}

let garbageIndex = 0
async function authHeaders(mode: AuthMode, operation: Operation): Promise<Record<string, string>> {
  switch (mode) {
    case 'none':
      return {}
    case 'operator':
      return { authorization: `Bearer ${OPERATOR}` }
    case 'member':
      // Logging out must not end the session the other requests use.
      return { authorization: `Bearer ${operation.key.endsWith('/auth/logout') ? await newSession() : memberToken}` }
    case 'garbage': {
      const index = garbageIndex++
      return {
        authorization: GARBAGE_AUTH[index % GARBAGE_AUTH.length] ?? 'Bearer x',
        ...GARBAGE_HEADERS[index % GARBAGE_HEADERS.length],
      }
    }
  }
}

let idempotencySequence = 0

async function buildRequest(operation: Operation, spec: Case, auth: AuthMode, baseBody: unknown): Promise<Sent> {
  let path = operation.path.replace('{storeKey}', STORE)
  for (const parameter of operation.pathParams) {
    const value = spec.path?.[parameter.name] ?? encodeLoosely(String(validSample(parameter.schema)))
    path = path.replace(`{${parameter.name}}`, value)
  }
  const query: Array<[string, string]> = []
  for (const parameter of operation.queryParams) {
    if (!parameter.required || spec.query?.some(([name]) => name === parameter.name)) continue
    query.push([parameter.name, encodeLoosely(String(validSample(parameter.schema, parameter.name)))])
  }
  query.push(...(spec.query ?? []))
  const search = query.length > 0 ? `?${query.map(([name, value]) => `${name}=${value}`).join('&')}` : ''

  const headers: Record<string, string> = { 'x-forwarded-for': IP, 'user-agent': 'bad-input-test' }
  for (const parameter of operation.headerParams) {
    headers[parameter.name] =
      parameter.name === 'idempotency-key'
        ? `bad-input-${++idempotencySequence}-key`
        : String(validSample(parameter.schema, parameter.name))
  }
  Object.assign(headers, await authHeaders(auth, operation), spec.headers)

  let body: string | Uint8Array<ArrayBuffer> | undefined
  const payload = spec.body === undefined ? (operation.body ? { json: baseBody } : null) : spec.body
  if (payload && 'json' in payload) {
    headers['content-type'] = payload.contentType ?? 'application/json'
    body = payload.json === undefined ? undefined : jsonText(payload.json)
  } else if (payload) {
    if (payload.contentType !== null) headers['content-type'] = payload.contentType
    body = payload.raw
  }
  return {
    operation: operation.key,
    label: spec.label,
    method: operation.method,
    url: `${ORIGIN}${path}${search}`,
    headers,
    body,
  }
}

async function send(sent: Sent): Promise<Answer> {
  const response = await app.request(sent.url, {
    method: sent.method,
    headers: sent.headers,
    body: sent.method === 'GET' ? undefined : sent.body,
  })
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text: await response.text(),
  }
}

const consoleErrors: string[] = []

beforeAll(async () => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(
      args.map((arg) => (arg instanceof Error ? `${arg.name}: ${arg.message}` : String(arg))).join(' '),
    )
  })
  database = await freshDatabase()
  // LINE is configured (so every LINE route is live) with a stand-in that refuses every code and token.
  const refusingLine = async () =>
    new Response(JSON.stringify({ error: 'invalid_request', error_description: 'refused by the stand-in' }), {
      status: 400,
      headers: { 'content-type': 'application/json' },
    })
  app = createApiApp({
    db: database.db,
    storeKeys: [STORE],
    accounts: {
      lineLogin: createLineLogin({
        channelId: '2001234567',
        channelSecret: '0a1b2c3d4e5f60718293a4b5c6d7e8f9',
        authBaseUrl: 'https://access.line.test',
        apiBaseUrl: 'https://api.line.test',
        fetch: refusingLine,
      }),
    },
    commerce: { siteUrl: ORIGIN, paymentSecret: PAYMENT_SECRET, operatorToken: OPERATOR },
  })
  const [member] = await database.db
    .insert(members)
    .values({ fullname: 'Bad Input', email: 'bad-input.member@example.com', telephone: '+66899990001' })
    .returning()
  if (!member) throw new Error('member not created')
  memberId = member.id
  memberToken = await newSession()
  const [plain] = await database.db
    .select({ sku: variants.sku })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(sql`cardinality(${products.tags}) = 0`, sql`${products.categorySlug} <> 'shoes'`))
    .orderBy(variants.sku)
    .limit(1)
  if (!plain) throw new Error('no plain product in the demo catalog')
  cartSku = plain.sku
  HINTS.sku = cartSku
  await database.db.update(variants).set({ stockOnline: 1_000_000 }).where(eq(variants.sku, cartSku))
})

afterAll(async () => {
  vi.restoreAllMocks()
  await database?.close()
})

async function fetchDocument(): Promise<OpenApiDocument> {
  const response = await app.request(`${ORIGIN}/api/public/${STORE}/openapi.json`)
  expect(response.status).toBe(200)
  const document = (await response.json()) as OpenApiDocument
  expect(document.openapi).toMatch(/^3\.1/)
  documentSchemas = document.components?.schemas ?? {}
  return document
}

describe(`bad input to the product API on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('documents every route it serves (the fuzzing below cannot silently test nothing)', async () => {
    const operations = operationsOf(await fetchDocument())
    expect(operations.length).toBeGreaterThanOrEqual(MIN_OPERATIONS)
    expect(operations.filter((operation) => operation.body).length).toBeGreaterThanOrEqual(22)
  })

  it('answers generated and hostile input with a clear 4xx, never a 5xx or a stack trace, and stores nothing half', async () => {
    const started = performance.now()
    const operations = operationsOf(await fetchDocument())
    expect(operations.length).toBeGreaterThanOrEqual(MIN_OPERATIONS)
    const problems: string[] = []
    const statuses = new Map<string, Map<number, number>>()
    const succeeded = new Set<string>()
    const elapsed = new Map<string, number>()
    let requests = 0
    const before = await counts()

    for (const [operationIndex, operation] of operations.entries()) {
      const baseBody = operation.body ? validSample(operation.body) : undefined
      const cases = casesOf(operation, baseBody)
      // The valid-looking request with every kind of caller and every garbage credential; then each case with the
      // next caller in turn (or its own), then the random requests fast-check generates from the schemas.
      const planned: Array<[Case, AuthMode]> = [
        ...operation.modes.map((mode): [Case, AuthMode] => [{ label: `valid-looking request as ${mode}` }, mode]),
        ...GARBAGE_AUTH.map((): [Case, AuthMode] => [
          { label: 'valid-looking request, garbage credentials' },
          'garbage',
        ]),
        ...cases.map((spec, index): [Case, AuthMode] => [
          spec,
          spec.auth ?? operation.modes[index % operation.modes.length] ?? 'none',
        ]),
      ]
      const generated = fc.sample(
        fc.record({
          auth: fc.constantFrom(...operation.modes),
          path: fc.record(
            Object.fromEntries(
              operation.pathParams.map((parameter) => [
                parameter.name,
                fc.oneof(
                  validArbitrary(parameter.schema).map(String),
                  fc.constantFrom(...HOSTILE_STRINGS),
                  fc.string({ unit: 'binary', maxLength: 80 }),
                ),
              ]),
            ),
          ),
          query: fc.array(
            fc.tuple(
              fc.constantFrom(...operation.queryParams.map((parameter) => parameter.name), '__proto__', 'x'),
              fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ unit: 'binary', maxLength: 80 })),
            ),
            { maxLength: 4 },
          ),
          body: operation.body
            ? fc.oneof(
                { arbitrary: brokenArbitrary(operation.body), weight: 4 },
                { arbitrary: fc.anything({ withNullPrototype: true, withObjectString: true, maxDepth: 4 }), weight: 1 },
                { arbitrary: fc.jsonValue({ maxDepth: 4 }), weight: 1 },
              )
            : fc.constant(undefined),
        }),
        { seed: SEED + operationIndex, numRuns: RUNS_PER_OPERATION },
      )
      for (const [index, value] of generated.entries()) {
        planned.push([
          {
            label: `fast-check #${index} (seed ${SEED + operationIndex})`,
            path: Object.fromEntries(
              Object.entries(value.path).map(([name, raw]) => [name, encodeLoosely(String(raw))]),
            ),
            query: value.query.map(([name, raw]) => [encodeLoosely(name), encodeLoosely(raw)]),
            body: operation.body ? { json: value.body } : null,
          },
          value.auth,
        ])
      }

      const histogram = new Map<number, number>()
      statuses.set(operation.key, histogram)
      const operationStarted = performance.now()
      for (const [spec, auth] of planned) {
        if (auth === 'member' && /^POST .*\/(orders|checkout\/quote)$/.test(operation.key)) await ensureMemberCart()
        const sent = await buildRequest(operation, spec, auth, baseBody)
        // Row counts around every request that may write (GET never writes the watched tables).
        const watch = operation.method !== 'GET'
        if (watch) knownCounts ??= await counts()
        const countsBefore = knownCounts
        const answer = await send(sent)
        knownCounts = watch ? await counts() : null
        // Logging out everywhere ended the session the other requests use: they get a new one.
        if (answer.status < 300 && operation.key.endsWith('/auth/logout-everywhere')) memberToken = await newSession()
        requests++
        histogram.set(answer.status, (histogram.get(answer.status) ?? 0) + 1)
        if (answer.status < 300) succeeded.add(operation.key)
        const found = problemsOf(answer)
        if (countsBefore && knownCounts && answer.status >= 400) {
          const difference = changed(countsBefore, knownCounts)
          if (difference.length > 0) found.push(`a refused request changed ${difference.join(', ')}`)
        }
        if (found.length > 0) problems.push(`${found.join('; ')}\n${describeRequest(sent, answer)}`)
      }
      elapsed.set(operation.key, performance.now() - operationStarted)
    }

    // Whole run: a table may only have changed when an operation that writes it answered 2xx (or the test's own
    // helpers wrote it: the member's cart is refilled before checkout calls, a logout gets a session of its own).
    const after = await counts()
    const allowed = new Set<string>(['carts', 'cart_items', 'sessions'])
    for (const key of succeeded) {
      for (const [pattern, tables] of WRITES) if (pattern.test(key)) for (const table of tables) allowed.add(table)
    }
    for (const name of Object.keys(WATCHED) as Array<keyof typeof WATCHED>) {
      if (before[name] !== after[name] && !allowed.has(name)) {
        problems.push(`${name} went from ${before[name]} to ${after[name]}, but no operation writing it succeeded`)
      }
    }
    const unexpectedErrors = consoleErrors.filter((line) => line.includes('Product API error'))
    for (const line of unexpectedErrors.slice(0, 20)) problems.push(`the server logged an unexpected error: ${line}`)
    expect(Object.prototype).not.toHaveProperty('admin')

    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    const summary = [...statuses.entries()]
      .map(([key, histogram]) => {
        const counted = [...histogram.entries()].map(([status, n]) => `${status}×${n}`).join(' ')
        return `${key}: ${counted} (${Math.round(elapsed.get(key) ?? 0)} ms)`
      })
      .join('\n')
    console.info(
      `bad input: ${operations.length} operations, ${requests} requests in ${seconds} s; ` +
        `${succeeded.size} operations accepted some of the input (2xx)`,
    )
    expect(problems.slice(0, 40).join('\n\n'), `${problems.length} problems; answers per operation:\n${summary}`).toBe(
      '',
    )
  }, 600_000)

  it('refuses redirect targets off the site with 400', async () => {
    const targets = [
      '//evil.example',
      'https://evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '%2F%2Fevil.example',
      '\\\\evil.example',
      ' //evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/\u0000/evil.example',
      'http:evil.example',
      '/.//evil.example',
      '/a/..//evil.example',
      '/%2e%2e//evil.example',
      '/%2F/evil.example',
      '/%5Cevil.example',
      '/%09/evil.example',
      '',
    ]
    for (const target of targets) {
      const response = await app.request(`${ORIGIN}/api/public/${STORE}/auth/line/start`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': IP },
        body: JSON.stringify({ redirect_uri: 'https://shop.test/th/auth/line/callback', redirect_path: target }),
      })
      const text = await response.text()
      expect(response.status, `${JSON.stringify(target)} → ${text}`).toBe(400)
      expect(JSON.parse(text)).toMatchObject({ code: 400, fields: { redirect_path: expect.any(String) } })
    }
    // The same request with a path on this site is accepted, so the refusals above are about the target.
    const accepted = await app.request(`${ORIGIN}/api/public/${STORE}/auth/line/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': IP },
      body: JSON.stringify({ redirect_uri: 'https://shop.test/th/auth/line/callback', redirect_path: '/th/account' }),
    })
    expect(accepted.status).toBe(200)
  })

  it('answers ids that only look like UUIDs with a 404, for the member who has a cart and an address', async () => {
    await ensureMemberCart()
    const lookAlikes = [
      '-7---d--cc--3b--71c0da-----32--2-e0-',
      '-'.repeat(36),
      'g'.repeat(8) + '-aaaa-aaaa-aaaa-' + 'a'.repeat(12),
    ]
    const routes: Array<[string, string, string | undefined]> = [
      ['PATCH', 'cart/items/{id}', JSON.stringify({ quantity: 2 })],
      ['DELETE', 'cart/items/{id}', undefined],
      ['POST', 'cart/items/{id}/wishlist', undefined],
      ['PUT', 'me/addresses/{id}', JSON.stringify(HINTS)],
      ['DELETE', 'me/addresses/{id}', undefined],
      ['POST', 'me/addresses/{id}/default', undefined],
    ]
    for (const id of lookAlikes) {
      for (const [method, path, body] of routes) {
        const response = await app.request(`${ORIGIN}/api/public/${STORE}/${path.replace('{id}', id)}?currency=thb`, {
          method,
          headers: {
            authorization: `Bearer ${memberToken}`,
            'content-type': 'application/json',
            'x-forwarded-for': IP,
          },
          body,
        })
        const text = await response.text()
        expect(response.status, `${method} ${path} with ${id} → ${text}`).toBe(404)
      }
    }
  })

  it('answers hostile store keys and unknown routes with a JSON 404', async () => {
    for (const value of [...HOSTILE_STRINGS.map((value) => encodeLoosely(value)), ...RAW_URL_PIECES]) {
      for (const url of [`${ORIGIN}/api/public/${value}/products`, `${ORIGIN}/api/public/${STORE}/${value}`]) {
        const response = await app.request(url, { headers: { 'x-forwarded-for': IP } })
        const answer = {
          status: response.status,
          contentType: response.headers.get('content-type') ?? '',
          text: await response.text(),
        }
        expect(problemsOf(answer), `${short(url)} → ${answer.status} ${short(answer.text)}`).toEqual([])
        expect(answer.status, short(url)).toBeGreaterThanOrEqual(400)
      }
    }
  })

  it('keeps the hosted test payment pages and the Stripe webhook below 500 for hostile input', async () => {
    const problems: string[] = []
    const check = async (
      method: string,
      url: string,
      init: { headers?: Record<string, string>; body?: string } = {},
    ) => {
      const response = await app.request(url, {
        method,
        headers: { 'x-forwarded-for': IP, ...init.headers },
        body: init.body,
      })
      const text = await response.text()
      const answer = { status: response.status, contentType: response.headers.get('content-type') ?? '', text }
      // These are HTML pages by design (a browser lands on them), so only 5xx, stack traces and reflection count.
      const found = problemsOf({ ...answer, status: Math.min(answer.status, 399) })
      if (answer.status >= 500) found.push(`status ${answer.status}`)
      if (/<script>alert|onerror=alert/.test(text)) found.push('hostile markup reflected unescaped')
      if (found.length > 0)
        problems.push(
          `${found.join('; ')}: ${method} ${short(url)} ${short(init.body ?? '')} → ${answer.status} ${short(text)}`,
        )
    }
    const base = `${ORIGIN}/api/public/${STORE}/test-payments`
    // A real pending card payment, so that hostile forms and return addresses reach the signature checks.
    await ensureMemberCart()
    const placed = await app.request(`${ORIGIN}/api/public/${STORE}/orders`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${memberToken}`,
        'content-type': 'application/json',
        'idempotency-key': 'bad-input-card-order',
        'x-forwarded-for': IP,
      },
      body: JSON.stringify({
        email: 'somsri.bad-input@example.com',
        telephone: '0812345678',
        shipping_method: 'courier',
        payment_method: 'card',
        address: {
          firstname: 'สมศรี',
          lastname: 'ทดสอบ',
          telephone_number: '0812345678',
          email: 'somsri.bad-input@example.com',
          address: '99/1 ถนนพหลโยธิน',
          country: 'TH',
          postcode: '10900',
          sub_district: 'ลาดยาว',
          district: 'จตุจักร',
          province: 'กรุงเทพมหานคร',
        },
      }),
    })
    const placedText = await placed.text()
    expect(placed.status, placedText).toBe(201)
    const page = new URL(z.object({ redirect_url: z.string() }).parse(JSON.parse(placedText)).redirect_url, ORIGIN)
    const realRef = page.pathname.split('/').pop() ?? ''
    expect(realRef).toMatch(/^test_/)
    for (const [name, value] of [
      ['return', encodeLoosely('//evil.example')],
      ['return', encodeLoosely('javascript:alert(1)')],
      ['sig', encodeLoosely('<script>alert(1)</script>')],
      ['sig', 'f'.repeat(64)],
      ['x', encodeLoosely('"><img src=x onerror=alert(1)>')],
    ]) {
      const url = new URL(page)
      url.searchParams.delete(name ?? '')
      await check('GET', `${url.href}&${name}=${value}`)
    }
    const refs = [
      ...HOSTILE_STRINGS.map((value) => encodeLoosely(value)),
      ...RAW_URL_PIECES,
      `test_${'a'.repeat(16)}`,
      realRef,
    ]
    const forms = [
      'return=%2F%2Fevil.example&sig=00',
      `return=${encodeLoosely('javascript:alert(1)')}&sig=${encodeLoosely("' OR 1=1 --")}&code=${encodeLoosely('<script>alert(1)</script>')}`,
      `return=${'a'.repeat(100_000)}&sig=${'f'.repeat(64)}`,
      '%ZZ=%ZZ&return[]=1&__proto__[admin]=1',
    ]
    for (const ref of refs) {
      await check(
        'GET',
        `${base}/${ref}?return=${encodeLoosely('//evil.example')}&sig=${encodeLoosely('<script>alert(1)</script>')}`,
      )
      for (const action of ['approve', 'decline', '3ds', '3ds/confirm']) {
        for (const form of forms.slice(0, ref.startsWith('test_') ? forms.length : 1)) {
          // Same-origin (reaches the payment) and cross-site (refused before it).
          const sites: Record<string, string>[] = [
            { 'sec-fetch-site': 'same-origin' },
            { origin: 'https://evil.example' },
          ]
          for (const site of sites) {
            await check('POST', `${base}/${ref}/${action}`, {
              headers: { 'content-type': 'application/x-www-form-urlencoded', ...site },
              body: form,
            })
          }
        }
      }
    }

    // The Stripe webhook exists only when Stripe is configured: a second app on the same database, no network.
    const stripeApp = createApiApp({
      db: database.db,
      storeKeys: [STORE],
      commerce: {
        siteUrl: ORIGIN,
        paymentSecret: PAYMENT_SECRET,
        stripe: createStripeProvider({
          secretKey: 'sk_test_bad_input',
          webhookSecret: STRIPE_WEBHOOK_SECRET,
          // Webhooks never call Stripe; were anything to, it would find nothing listening on the discard port.
          apiBaseUrl: 'http://127.0.0.1:9',
          maxNetworkRetries: 0,
        }),
      },
    })
    const webhook = `${ORIGIN}/api/public/${STORE}/payments/stripe/webhook`
    const signed = (payload: string) => {
      const t = Math.floor(Date.now() / 1000)
      return `t=${t},v1=${createHmac('sha256', STRIPE_WEBHOOK_SECRET).update(`${t}.${payload}`).digest('hex')}`
    }
    const payloads = [
      ...HOSTILE_STRINGS,
      '{}',
      '[]',
      jsonText(deepObject(50_000)),
      '{"id":"evt_1","type":"checkout.session.completed","data":{"object":{"id":"<script>","payment_status":"paid"}}}',
      '{"id":"evt_1","type":"checkout.session.completed","data":{"object":{"id":1e308}}}',
      '{"__proto__":{"admin":true},"id":"evt","type":"checkout.session.expired","data":{"object":{"id":"cs_x"}}}',
    ]
    const before = await counts()
    for (const [index, payload] of payloads.entries()) {
      for (const signature of [
        signed(payload),
        `t=1,v1=${'0'.repeat(64)}`,
        "' OR 1=1 --",
        't=99999999999999999999,v1=zz',
        '',
      ]) {
        const response = await stripeApp.request(webhook, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature, 'x-forwarded-for': IP },
          body: payload,
        })
        const text = await response.text()
        const answer = { status: response.status, contentType: response.headers.get('content-type') ?? '', text }
        const found = problemsOf(answer)
        if (found.length > 0)
          problems.push(
            `${found.join('; ')}: Stripe webhook payload #${index} ${short(signature)} → ${answer.status} ${short(text)}`,
          )
      }
    }
    expect(changed(before, await counts())).toEqual([])
    expect(problems.join('\n'), `${problems.length} problems`).toBe('')
  }, 120_000)
})
