import { z } from '@hono/zod-openapi'

/**
 * `schema` or null, for a schema registered under a name (`.openapi('Money')`). zod-to-openapi 9 writes
 * `moneySchema.nullable()` as `allOf: [{ $ref: Money }, { type: ['object', 'null'] }]`, which rejects null (an
 * allOf must match every part, and Money is an object), and when the nullable use comes first it makes the
 * component itself nullable. A union with null is written `anyOf: [{ $ref: Money }, { type: 'null' }]`, which
 * both validators and the response check read as meant. Parsing is the same as `.nullable()`. The lint rule on
 * src/contract refuses `.nullable()` on a named schema.
 */
export function nullable<T extends z.ZodType>(schema: T) {
  return z.union([schema, z.null()])
}
