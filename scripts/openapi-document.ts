import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { createApiApp } from '../src/api/app.server'
import { storefrontLinks } from '../src/routing/storefront-links'
import type { OpenApiDocument } from '../src/api/openapi.server'
import { createPaypalProvider } from '../src/api/payments/paypal.server'
import { createStripeProvider } from '../src/api/payments/stripe.server'
import { openDatabase } from '../src/db/client.server'

/**
 * The product API's OpenAPI document as the app serves it with every optional part configured (Stripe's and
 * PayPal's endpoints are there only when they are), written to `path`. Nothing is read or sent to write it: the
 * database is an empty in-memory one and the providers are never called.
 */
export async function writeOpenApiDocument(path: string, api: 'public' | 'admin' = 'public'): Promise<OpenApiDocument> {
  const database = await openDatabase({ dataDir: 'memory' })
  try {
    const app = createApiApp({
      db: database.db,
      storeKeys: ['demo'],
      storefront: storefrontLinks({
        siteUrl: 'https://shop.atelier-siam.test',
        strategy: 'prefix_except_default',
        defaultLocale: 'th',
      }),
      commerce: {
        siteUrl: 'https://shop.atelier-siam.test',
        stripe: createStripeProvider({ secretKey: 'sk_test_openapi', webhookSecret: 'whsec_openapi' }),
        paypal: createPaypalProvider({ clientId: 'openapi', clientSecret: 'openapi', webhookId: 'openapi' }),
      },
    })
    // The admin API (issue 31) has its own document beside the product API's.
    const response = await app.request(`http://localhost:3000/api/${api}/demo/openapi.json`)
    if (response.status !== 200) throw new Error(`The API answered ${response.status} for its OpenAPI document`)
    const document = (await response.json()) as OpenApiDocument
    await mkdir(dirname(path), { recursive: true })
    await writeFile(path, `${JSON.stringify(document, null, 2)}\n`)
    return document
  } finally {
    await database.close()
  }
}
