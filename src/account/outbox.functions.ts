import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod/mini'
import { outboxSchema } from '~/contract/accounts'
import { ProductApiError } from '~/product-api/client'
import { productApi } from '~/product-api/server-client.server'

export type OutboxMessage = {
  channel: 'sms' | 'email'
  recipient: string
  subject: string
  body: string
  createdAt: string
}

/** Development only: the messages the outbox kept; a 404 when real providers deliver (production). */
export const getOutbox = createServerFn({ method: 'GET' })
  .validator(z.object({ recipient: z.optional(z.string().check(z.maxLength(254))) }))
  .handler(async ({ data }): Promise<OutboxMessage[] | null> => {
    try {
      const { items } = await productApi().send('GET', '/dev/outbox', outboxSchema, {
        query: { recipient: data.recipient },
        headers: { 'cache-control': 'no-cache' },
      })
      return items
    } catch (error) {
      if (error instanceof ProductApiError && error.status === 404) return null
      throw error
    }
  })
