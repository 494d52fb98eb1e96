import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod/mini'
import { noContentSchema } from '~/contract/accounts'
import { visitorHeaders } from '~/account/session.server'
import { CONSENT_BANNER_VERSION } from '~/domain/privacy'
import { productApi } from '~/product-api/server-client.server'

/**
 * Records a choice of the cookie banner (issue 33 item 2): the anonymous consent id of the cookie, the banner's
 * version, the two choices, and the member when signed in. Called once after the choice, never on page load.
 */
export const recordConsentChoice = createServerFn({ method: 'POST' })
  .validator(
    z.object({
      id: z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)),
      ga: z.boolean(),
      ad: z.boolean(),
    }),
  )
  .handler(async ({ data }) => {
    await productApi().send('POST', '/privacy/consents', noContentSchema, {
      body: {
        consentId: data.id,
        bannerVersion: CONSENT_BANNER_VERSION,
        analytics: data.ga ? 'granted' : 'denied',
        advertising: data.ad ? 'granted' : 'denied',
      },
      headers: visitorHeaders(),
    })
    return { ok: true as const }
  })
