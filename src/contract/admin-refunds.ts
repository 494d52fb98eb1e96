import { z } from '@hono/zod-openapi'
import { hasForbiddenCharacters } from '~/domain/text'
import { CURRENCIES, MAX_AMOUNT } from '~/domain/money'
import { PAYMENT_METHODS } from '~/domain/orders'
import { REFUND_STATES } from '~/domain/refunds'

/**
 * Refunds in the admin API (issue 31 item 7): an order's refunds and disputes with what may still be refunded, and a
 * refund asked in full, by pieces or by an amount. snake_case on the wire like the rest of the admin API.
 */

const isoTime = z.string().openapi({ format: 'date-time' })

export const REFUND_REASON_MAX = 500
export const BANK_REFERENCE_MAX = 80
export const REFUND_MODES = ['full', 'pieces', 'amount'] as const
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const

const reason = z
  .string()
  .trim()
  .min(1)
  .max(REFUND_REASON_MAX)
  .refine((value) => !hasForbiddenCharacters(value.replace(/\r?\n/g, ' ')), 'not valid')

export const refundBody = z
  .object({
    mode: z.enum(REFUND_MODES).openapi({
      description: 'full: all that may still be refunded; pieces: what was paid for them; amount: the amount given',
    }),
    pieces: z
      .array(z.object({ position: z.int().min(0).max(1000), quantity: z.int().min(1).max(1000) }))
      .min(1)
      .max(100)
      .optional()
      .openapi({ description: 'With mode pieces: the order’s lines (position) and how many of each' }),
    amount: z
      .int()
      .min(1)
      .max(MAX_AMOUNT)
      .optional()
      .openapi({ description: 'With mode amount: minor units of the order’s currency' }),
    reason,
    bank_reference: z
      .string()
      .trim()
      .min(1)
      .max(BANK_REFERENCE_MAX)
      .regex(/^[\p{L}\p{N} ._/#:-]+$/u)
      .optional()
      .openapi({ description: 'A bank transfer’s refund: the reference of the transfer made back to the shopper' }),
  })
  .superRefine((value, context) => {
    if (value.mode === 'pieces' && !value.pieces) {
      context.addIssue({ code: 'custom', path: ['pieces'], message: 'required' })
    }
    if (value.mode === 'amount' && value.amount === undefined) {
      context.addIssue({ code: 'custom', path: ['amount'], message: 'required' })
    }
  })
  .openapi('AdminRefundCreate')

export const refundSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(REFUND_STATUSES),
    amount: z.int(),
    currency: z.enum(CURRENCIES),
    provider: z.string().openapi({ description: 'stripe, paypal, test (the demo’s) or bank_transfer' }),
    provider_ref: z.string().nullable().openapi({ description: 'The provider’s refund id, or the bank’s reference' }),
    reason: z.string(),
    pieces: z.array(z.object({ position: z.int(), quantity: z.int(), amount: z.int() })),
    requested_by: z.string().openapi({ description: 'The staff member, API key or system (a webhook) that asked' }),
    requested_by_type: z.string(),
    failure: z.string().nullable(),
    created_at: isoTime,
    updated_at: isoTime,
  })
  .openapi('AdminRefund')

export const refundCreatedSchema = z
  .object({ refund: refundSchema, replay: z.boolean().openapi({ description: 'The idempotency key’s first refund' }) })
  .openapi('AdminRefundCreated')

export const orderRefundsSchema = z
  .object({
    number: z.string(),
    currency: z.enum(CURRENCIES),
    payment_method: z.enum(PAYMENT_METHODS),
    paid: z.int(),
    refunded: z.int().openapi({ description: 'Succeeded refunds' }),
    pending: z.int().openapi({ description: 'Refunds the provider has not finished yet' }),
    refundable: z.int().openapi({ description: 'What may still be refunded: paid less succeeded and pending' }),
    state: z.enum(REFUND_STATES).openapi({ description: 'The payment: not refunded, partially or fully refunded' }),
    needs_bank_reference: z.boolean(),
    lines: z.array(
      z.object({
        position: z.int(),
        quantity: z.int(),
        refunded: z.int().openapi({ description: 'Pieces refunded already' }),
        piece_amounts: z.array(z.int()).openapi({ description: 'What each piece left gives back, in refund order' }),
      }),
    ),
    refunds: z.array(refundSchema),
    disputes: z.array(
      z.object({
        id: z.uuid(),
        provider: z.string(),
        provider_ref: z.string(),
        status: z.string(),
        open: z.boolean(),
        amount: z.int(),
        currency: z.enum(CURRENCIES),
        reason: z.string(),
        created_at: isoTime,
        updated_at: isoTime,
      }),
    ),
  })
  .openapi('AdminOrderRefunds')
