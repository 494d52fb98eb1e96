import { z } from '@hono/zod-openapi'
import { hasForbiddenCharacters } from '~/domain/text'
import { CURRENCIES } from '~/domain/money'
import { ORDER_STATUSES } from '~/domain/orders'
import { SLIP_REVIEW_REASONS } from '~/domain/slip-match'
import { nullable } from './nullable'

/**
 * Transfer slips (issue 31 item 6): the shopper's upload and its state on the order page (product API), and the back
 * office's review queue, decisions, manual payment and bank statement import (admin API). snake_case on the wire.
 */

const isoTime = z.string().openapi({ format: 'date-time' })

export const SLIP_STATUSES = ['paid', 'review', 'confirmed', 'rejected'] as const
export const SLIP_REJECT_REASONS = [
  'amount_differs',
  'not_received',
  'unreadable',
  'wrong_account',
  'duplicate',
  'other',
] as const
export const SLIP_NOTE_MAX = 500
export const BANK_REFERENCE_MAX = 80
/** A statement of 2000 lines fits well within this. */
export const STATEMENT_CSV_MAX = 400_000

const oneLine = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((value) => !hasForbiddenCharacters(value), 'not valid')

// ── The shopper's side (product API) ──────────────────────────────────────────────────────────────────────────────

export const shopperSlipSchema = z
  .object({
    status: z.enum(SLIP_STATUSES).openapi({
      description:
        'paid: it matched and paid the order; review: the shop is checking it; confirmed or rejected by staff',
    }),
    uploaded_at: isoTime,
    rejection: nullable(
      z.object({
        reason: z.enum(SLIP_REJECT_REASONS),
        words: z.string().openapi({ description: 'The reason in the asked language' }),
        note: nullable(z.string()),
      }),
    ),
  })
  .openapi('TransferSlip')

export const shopperSlipStateSchema = z
  .object({ slip: nullable(shopperSlipSchema), order_status: z.enum(ORDER_STATUSES) })
  .openapi('TransferSlipState')

// ── The back office (admin API) ───────────────────────────────────────────────────────────────────────────────────

export const slipReadingSchema = z
  .object({
    trans_ref: z.string(),
    amount: z.int().openapi({ description: 'Satang' }),
    transferred_at: z.string(),
    sending_bank: z.string().nullable(),
    receiving_bank: z.string().nullable(),
    receiver_account: z.string().nullable(),
    receiver_proxy: z.string().nullable(),
    sender_name: z.string().nullable(),
    receiver_name: z.string().nullable(),
  })
  .openapi('AdminSlipReading')

export const adminSlipSchema = z
  .object({
    id: z.string(),
    order_number: z.string(),
    order_status: z.enum(ORDER_STATUSES),
    amount_due: z.int(),
    currency: z.enum(CURRENCIES),
    placed_at: isoTime,
    customer_email: z.string(),
    status: z.enum(SLIP_STATUSES),
    reason: nullable(z.enum(SLIP_REVIEW_REASONS)),
    provider: z.string().openapi({ description: 'slipok, or demo (the demo verifier: it trusts the QR)' }),
    trans_ref: z.string().nullable(),
    sending_bank: z.string().nullable(),
    reading: nullable(slipReadingSchema),
    decision_note: z.string().nullable(),
    decided_by: z.string().nullable(),
    decided_at: nullable(isoTime),
    uploaded_at: isoTime,
  })
  .openapi('AdminSlip')

export const adminSlipListSchema = z.object({ items: z.array(adminSlipSchema) }).openapi('AdminSlipList')
export const adminSlipsQuery = z.object({ status: z.enum(SLIP_STATUSES).default('review') })
export const adminSlipIdParam = z.object({ id: z.uuid() })

export const slipRejectBody = z
  .object({
    reason: z.enum(SLIP_REJECT_REASONS),
    note: oneLine(SLIP_NOTE_MAX).nullable().default(null).openapi({ description: 'Shown to the shopper as written' }),
  })
  .openapi('AdminSlipReject')

export const markPaidBody = z
  .object({ reference: oneLine(BANK_REFERENCE_MAX).openapi({ description: 'The bank’s transaction reference' }) })
  .openapi('AdminOrderMarkPaid')

export const statementPreviewBody = z
  .object({ csv: z.string().min(1).max(STATEMENT_CSV_MAX) })
  .openapi('AdminStatementPreviewRequest')

export const statementProposalSchema = z
  .object({
    line: z.int(),
    date: z.string(),
    amount: z.int(),
    reference: z.string(),
    description: z.string(),
    number: z.string().nullable(),
    candidates: z.array(z.string()),
    problem: nullable(z.enum(['none', 'several', 'reference_used'])),
  })
  .openapi('AdminStatementProposal')

export const statementPreviewSchema = z
  .object({ proposals: z.array(statementProposalSchema) })
  .openapi('AdminStatementPreview')

export const statementConfirmBody = z
  .object({
    matches: z
      .array(z.object({ number: z.string().regex(/^[A-Z0-9-]{4,40}$/), reference: oneLine(200) }))
      .min(1)
      .max(500),
  })
  .openapi('AdminStatementConfirmRequest')

export const statementConfirmSchema = z
  .object({
    results: z.array(
      z.object({ number: z.string(), reference: z.string(), paid: z.boolean(), reason: z.string().nullable() }),
    ),
  })
  .openapi('AdminStatementConfirm')
