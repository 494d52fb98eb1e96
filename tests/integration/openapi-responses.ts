import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { afterEach } from 'vitest'
import type { OpenApiDocument } from '~/api/openapi.server'

/**
 * Every answer the integration suite gets from the product API is checked against the API's own OpenAPI document
 * (decision 127): the operation exists, the status is documented, the body has the documented media type and
 * matches its schema (JSON Schema 2020-12, formats included), documented required headers are there, and the API's
 * own headers (x-…, Retry-After) are documented. Error answers are checked like any other.
 */

type Json = Record<string, unknown>
type Operation = { method: string; template: string; pattern: RegExp; literalSegments: number }

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const

/**
 * The built-in test payment pages (HTML, demo only) stand in for a provider's hosted page: not part of the API. The
 * admin API has its own document: its answers are checked against that one (api-app.ts), not the product API's.
 */
const UNDOCUMENTED = [/\/test-payments\//, /^\/api\/admin\//]

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1')
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function at(document: unknown, pointer: string): unknown {
  let current = document
  for (const raw of pointer.replace(/^#\//, '').split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    if (!isObject(current)) return undefined
    current = current[key]
  }
  return current
}

export type ResponseChecker = {
  /** What is wrong with this answer to this request (nothing: an empty list). */
  problems(request: Request, response: Response): Promise<string[]>
}

export function createResponseChecker(document: OpenApiDocument): ResponseChecker {
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  ajv.addFormat('binary', true)
  const id = 'https://storefront.test/openapi.json'
  ajv.addSchema({ ...(document as unknown as Json), $id: id })
  const compiled = new Map<string, ValidateFunction>()
  const validatorAt = (pointer: string) => {
    let validate = compiled.get(pointer)
    if (!validate) {
      validate = ajv.compile({ $ref: `${id}${pointer}` })
      compiled.set(pointer, validate)
    }
    return validate
  }

  const operations: Operation[] = []
  for (const [template, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      if (!item[method]) continue
      const segments = template.split('/')
      const pattern = new RegExp(
        `^${segments.map((segment) => (/^\{.+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))).join('/')}$`,
      )
      operations.push({ method, template, pattern, literalSegments: segments.filter((s) => !s.startsWith('{')).length })
    }
  }
  // A literal segment wins over a parameter (/me/sessions/end-others before /me/sessions/{id}).
  operations.sort((a, b) => b.literalSegments - a.literalSegments)

  async function problems(request: Request, response: Response): Promise<string[]> {
    const url = new URL(request.url)
    const method = request.method.toLowerCase()
    const where = `${request.method} ${url.pathname} → ${response.status}`
    if (UNDOCUMENTED.some((pattern) => pattern.test(url.pathname))) return []
    const text = method === 'head' ? '' : await response.clone().text()
    // The API routes with `strict: false`: /products/ is /products.
    const path = url.pathname.replace(/(.)\/+$/, '$1')
    const operation = operations.find((candidate) => candidate.method === method && candidate.pattern.test(path))
    if (!operation) {
      // The API's answer to an endpoint it does not have: 404 with the catalog's error body.
      if (response.status !== 404) return [`${where}: no such operation in the OpenAPI document`]
      return bodyProblems(where, '#/components/schemas/Error', text, true)
    }
    const operationPointer = `#/paths/${escapePointer(operation.template)}/${method}`
    const responses = at(document, `${operationPointer}/responses`)
    if (!isObject(responses)) return [`${where}: the operation documents no responses`]
    const status = String(response.status)
    const key = [status, `${status[0]}XX`, 'default'].find((candidate) => candidate in responses)
    if (!key)
      return [
        `${where}: status ${status} is not documented for ${operation.method.toUpperCase()} ${operation.template}`,
      ]
    let pointer = `${operationPointer}/responses/${escapePointer(key)}`
    let definition = at(document, pointer)
    if (isObject(definition) && typeof definition.$ref === 'string') {
      pointer = definition.$ref
      definition = at(document, pointer)
    }
    if (!isObject(definition)) return [`${where}: response ${key} cannot be read`]
    const found = [...headerProblems(where, definition, response.headers)]
    const content = isObject(definition.content) ? definition.content : null
    if (text === '') {
      if (content && Object.keys(content).length > 0 && response.status !== 304) {
        found.push(`${where}: empty body where the document promises ${Object.keys(content).join(', ')}`)
      }
      return found
    }
    if (!content) return [...found, `${where}: a body where the document promises none`]
    const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
    if (!(mediaType in content)) {
      return [
        ...found,
        `${where}: content type ${mediaType || '(none)'} is not documented (${Object.keys(content).join(', ')})`,
      ]
    }
    if (mediaType !== 'application/json') return found
    return [...found, ...bodyProblems(where, `${pointer}/content/${escapePointer(mediaType)}/schema`, text, false)]
  }

  function bodyProblems(where: string, pointer: string, text: string, asJson: boolean): string[] {
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      return [`${where}: the body is not JSON${asJson ? '' : ' although documented as such'}`]
    }
    const validate = validatorAt(pointer)
    if (validate(value)) return []
    return (validate.errors ?? []).slice(0, 8).map((error) => {
      const path = error.instancePath || '(body)'
      return `${where}: ${path} ${error.message ?? 'is invalid'} (${error.schemaPath}); body: ${text.slice(0, 300)}`
    })
  }

  function headerProblems(where: string, definition: Json, headers: Headers): string[] {
    const documented = new Map<string, Json>()
    if (isObject(definition.headers)) {
      for (const [name, header] of Object.entries(definition.headers)) {
        const resolved = isObject(header) && typeof header.$ref === 'string' ? at(document, header.$ref) : header
        if (isObject(resolved)) documented.set(name.toLowerCase(), resolved)
      }
    }
    const found: string[] = []
    for (const [name, header] of documented) {
      const value = headers.get(name)
      if (value === null) {
        if (header.required === true) found.push(`${where}: required header ${name} is missing`)
        continue
      }
      const schema = isObject(header.schema) ? header.schema : {}
      if (schema.type === 'integer' && !/^\d+$/.test(value)) found.push(`${where}: header ${name} is not an integer`)
      if (Array.isArray(schema.enum) && !schema.enum.includes(value)) found.push(`${where}: header ${name} is ${value}`)
    }
    headers.forEach((_value, name) => {
      const own = name.startsWith('x-') || name === 'retry-after'
      if (own && !documented.has(name)) found.push(`${where}: header ${name} is not documented`)
    })
    return found
  }

  return { problems }
}

type Fetching = { fetch: (request: Request, ...rest: never[]) => Response | Promise<Response> }

/** Problems seen by checked apps of this test file; a test that saw one fails even if it caught the error. */
const seen: string[] = []

afterEach(() => {
  const problems = seen.splice(0)
  if (problems.length > 0) throw new Error(`Answers not as the OpenAPI document says:\n${problems.join('\n')}`)
})

/**
 * The app with its answers checked: `app.fetch` (and so `app.request`) throws when an answer disagrees with the
 * document, and the test fails after it even if that error was caught. `mount` is the path the app would answer
 * under in the whole API (a sub-app tried on its own).
 */
export function checkedResponses<T extends Fetching>(
  app: T,
  document: OpenApiDocument,
  options: { mount?: string; record?: boolean } = {},
): T {
  const checker = createResponseChecker(document)
  const fetch = app.fetch.bind(app)
  const checkedFetch = async (request: Request, ...rest: never[]): Promise<Response> => {
    const response = await fetch(request, ...rest)
    const url = new URL(request.url)
    const asMounted = options.mount
      ? new Request(new URL(options.mount + url.pathname + url.search, url), { method: request.method })
      : request
    const problems = await checker.problems(asMounted, response)
    if (problems.length > 0) {
      if (options.record !== false) seen.push(...problems)
      throw new Error(`Answer not as the OpenAPI document says:\n${problems.join('\n')}`)
    }
    return response
  }
  return Object.assign(app, { fetch: checkedFetch })
}
