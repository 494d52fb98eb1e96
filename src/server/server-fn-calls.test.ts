import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { z as mini } from 'zod/mini'
import { HttpError } from '~/errors/error-model'
import { ProductApiError } from '~/product-api/client'
import { InvalidInputError, calledServerFnId, clientErrorStatus, validationIssues } from './server-fn-calls.server'

/** What Start's `execValidator` throws when a Standard Schema validator refuses the arguments. */
async function startValidatorError(schema: mini.ZodMiniType, input: unknown): Promise<Error> {
  const result = await schema['~standard'].validate(input)
  if (!result.issues) throw new Error('the input was valid')
  return new Error(JSON.stringify(result.issues, undefined, 2))
}

describe('validationIssues', () => {
  const schema = mini.object({ lang: mini.enum(['th', 'en']), page: mini.int().check(mini.gte(1)) })

  it('reads the issues of the error Start throws for a refused validator', async () => {
    const issues = validationIssues(await startValidatorError(schema, { lang: 'xx', page: 0 }))
    expect(issues?.map((issue) => issue.path)).toEqual(['lang', 'page'])
    expect(issues?.[0]?.message).toMatch(/expected one of/)
  })

  it('reads a ZodError thrown by a parsing validator', () => {
    const parsed = z.object({ a: z.string() }).safeParse({ a: 1 })
    expect(validationIssues(parsed.error)).toEqual([{ path: 'a', message: expect.any(String) }])
  })

  it.each([
    new Error('[not json'),
    new Error('[]'),
    new Error('["a"]'),
    new Error('something failed'),
    new TypeError('[{"message":"x","path":[]}]'),
    new HttpError(404, '[{"message":"x","path":[]}]'),
    '[{"message":"x","path":[]}]',
    null,
  ])('leaves other errors alone: %s', (error) => {
    expect(validationIssues(error)).toBeNull()
  })
})

describe('InvalidInputError', () => {
  it('names the fields at fault, never the values sent', async () => {
    const hostile = `<script>alert(1)</script>${'a'.repeat(100_000)}`
    const schema = mini.object({ lang: mini.enum(['th', 'en']), page: mini.int() })
    const issues = validationIssues(await startValidatorError(schema, { lang: hostile, page: hostile }))
    const error = new InvalidInputError(issues ?? [])
    expect(error.status).toBe(400)
    expect(error.message).toMatch(/^Invalid input: lang: .+; page: .+/)
    expect(error.message).not.toContain('<script>')
    expect(error.message.length).toBeLessThan(400)
  })

  it('says how many issues it left out', () => {
    const issues = Array.from({ length: 8 }, (_, index) => ({ path: `f${index}`, message: 'Required' }))
    expect(new InvalidInputError(issues).message).toMatch(/\(and 3 more\)$/)
    expect(new InvalidInputError([{ path: '', message: 'Expected object' }]).message).toBe(
      'Invalid input: data: Expected object',
    )
  })
})

describe('clientErrorStatus', () => {
  it('gives the 4xx of an HttpError or a refusal of the product API', () => {
    expect(clientErrorStatus(new HttpError(404, 'Not found'))).toBe(404)
    expect(clientErrorStatus(new ProductApiError(401, { code: 401, message: 'Log in' }))).toBe(401)
  })

  it.each([
    new HttpError(503, 'Unavailable'),
    new HttpError(302, 'Found'),
    new Error('boom'),
    { status: '404' },
    { status: 404.5 },
    null,
  ])('is null for %s', (error) => {
    expect(clientErrorStatus(error)).toBeNull()
  })
})

describe('calledServerFnId', () => {
  it('reads the id of a call, and nothing from other paths', () => {
    expect(calledServerFnId(new Request('http://shop.test/_serverFn/abc123?payload=x'))).toBe('abc123')
    expect(calledServerFnId(new Request('http://shop.test/_serverFn/abc123/more'))).toBe('abc123')
    expect(calledServerFnId(new Request('http://shop.test/_serverFn/'))).toBe('')
    expect(calledServerFnId(new Request('http://shop.test/product/abc123'))).toBeNull()
  })
})
