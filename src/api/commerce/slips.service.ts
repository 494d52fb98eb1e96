import { randomUUID } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { orders, payments, transferReferences, transferSlips, type OrderRow, type TransferSlipRow } from '~/db/schema'
import { parseSlipQr } from '~/domain/slip-qr'
import { slipMismatch, type ShopAccount, type SlipReading, type SlipReviewReason } from '~/domain/slip-match'
import { ApiError } from '~/api/errors'
import { systemActor, type AuditContext } from '~/api/admin/actor'
import type { AuditLog, Tx } from '~/api/admin/audit.server'
import type { SlipVerifier } from '~/api/providers/slipok.server'
import { alertStaff } from '~/api/alerts/staff-alerts.server'
import type { OutboundMessage } from '~/api/providers/messages'
import type { OrdersService } from './orders.service'
import { cleanSlipPicture, readQr } from './slip-image.server'
import type { SLIP_REJECT_REASONS } from '~/contract/slips'
import { parseStatement, proposeMatches, type StatementProposal } from './bank-statement'

/** Where a slip stands: it paid its order, waits for staff, or staff confirmed or rejected it. */
export type SlipStatus = 'paid' | 'review' | 'confirmed' | 'rejected'

/** The reasons staff give a shopper for a rejected slip: each in the shopper's language on the order page and e-mail. */
export type SlipRejectReason = (typeof SLIP_REJECT_REASONS)[number]

/** Where a transaction reference that paid an order came from. */
type ReferenceSource = 'slip' | 'manual' | 'statement'

/** The shop itself, matching a slip: audited as the system. */
const SLIP_MATCHER: AuditContext = { actor: systemActor('slip-verification', []), ip: null, requestId: null }

export type TransferSlipsOptions = {
  db: Db
  orders: OrdersService
  audit: AuditLog
  verifier: SlipVerifier
  shop: ShopAccount
  /** The directory the slips' pictures are kept in (DATA_DIR/slips). */
  storageDir: string
  /** The shopper's e-mail about a rejected slip (the outbox in the demo). */
  deliver?: (message: OutboundMessage) => Promise<void>
  orderPage?: (number: string, lang: 'th' | 'en') => string
  now?: () => Date
}

/** A PostgreSQL unique violation, wherever the driver wrapped it. */
function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error || (typeof current === 'object' && current);) {
    if ((current as { code?: unknown }).code === '23505') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

class ReferenceUsed extends Error {}

/** A rejection's words for the shopper, in their language. */
const REJECT_WORDS: Record<SlipRejectReason, { th: string; en: string }> = {
  amount_differs: { th: 'ยอดเงินในสลิปไม่ตรงกับยอดที่ต้องชำระ', en: 'The amount on the slip is not the amount due' },
  not_received: { th: 'ร้านยังไม่ได้รับเงินโอนนี้', en: 'The shop has not received this transfer' },
  unreadable: { th: 'อ่านสลิปไม่ได้', en: 'The slip cannot be read' },
  wrong_account: { th: 'เงินไม่ได้โอนเข้าบัญชีของร้าน', en: 'The money did not go to the shop’s account' },
  duplicate: { th: 'สลิปนี้ถูกใช้ไปแล้ว', en: 'This slip was used before' },
  other: { th: 'สลิปนี้ใช้ยืนยันการชำระเงินไม่ได้', en: 'This slip cannot confirm the payment' },
}

export function rejectWords(reason: SlipRejectReason, lang: 'th' | 'en'): string {
  return REJECT_WORDS[reason][lang]
}

/**
 * Transfer slips (issue 31 item 6): the shopper's upload (checked by content, kept without metadata), its QR read on
 * the server, the provider's reading matched to the order; a match pays the order through the shop's one payment
 * confirmation (OrdersService.changeStatus: stock, e-mail) with its reference and the system's audit entry in the
 * same transaction, anything else waits for staff with the reason. Staff confirm or reject a slip, mark an order paid
 * with a bank reference, and match a bank statement's lines to open transfers.
 */
export class TransferSlips {
  private readonly db: Db
  private readonly now: () => Date
  constructor(private readonly options: TransferSlipsOptions) {
    this.db = options.db
    this.now = options.now ?? (() => new Date())
  }

  /** An order a slip may pay: bank transfer, awaiting payment (409 NOT_ALLOWED otherwise). */
  private requireOpenTransfer(order: OrderRow): void {
    if (order.paymentMethod !== 'bank_transfer' || order.status !== 'awaiting_payment') {
      throw new ApiError(409, 'NOT_ALLOWED', 'Only an unpaid bank transfer order takes a slip')
    }
  }

  /** The shopper's slip: kept, read, verified, and either paying the order or waiting for staff. */
  async upload(order: OrderRow, bytes: Uint8Array): Promise<TransferSlipRow> {
    this.requireOpenTransfer(order)
    const picture = await cleanSlipPicture(bytes)
    const id = randomUUID()
    const file = `${id}.${picture.type.slice('image/'.length)}`
    await mkdir(this.options.storageDir, { recursive: true })
    await writeFile(join(this.options.storageDir, file), picture.data)
    const stored = { id, orderId: order.id, file, contentType: picture.type, bytes: picture.data.byteLength }

    const qrPayload = await readQr(picture.data)
    const qr = qrPayload ? parseSlipQr(qrPayload) : null
    const base = {
      ...stored,
      qrPayload,
      transRef: qr?.transRef ?? null,
      sendingBank: qr?.sendingBank ?? null,
      provider: this.options.verifier.id,
    }
    if (!qr || !qrPayload) return this.toReview({ ...base, reason: 'no_qr', reading: null })

    const verdict = await this.options.verifier.verify({ qrPayload, transRef: qr.transRef, amountDue: order.total })
    if (verdict.kind !== 'read') {
      const reason: SlipReviewReason = verdict.kind === 'refused' ? 'provider_refused' : 'provider_unreachable'
      return this.toReview({ ...base, reason, reading: { code: verdict.code } })
    }
    const reading = verdict.reading
    const slip = { ...base, transRef: reading.transRef, reading }
    const mismatch =
      slipMismatch(reading, { amountDue: order.total, placedAt: order.createdAt }, this.options.shop) ??
      ((await this.referenceUsed(reading.transRef)) ? 'reference_used' : null)
    if (mismatch) return this.toReview({ ...slip, reason: mismatch })

    try {
      let row: TransferSlipRow | undefined
      await this.options.orders.changeStatus(order.id, 'paid', null, {
        record: async (tx, change) => {
          await this.useReference(tx, reading.transRef, order.id, 'slip', id)
          ;[row] = await tx
            .insert(transferSlips)
            .values({ ...slip, status: 'paid', createdAt: this.now() })
            .returning()
          await this.options.audit.record(tx, SLIP_MATCHER, {
            action: 'payment.slip_matched',
            entityType: 'order',
            entityId: order.number,
            before: change.before,
            after: { status: 'paid', reference: reading.transRef, slip: id, provider: this.options.verifier.id },
          })
        },
      })
      if (!row) throw new Error('the slip was not stored')
      return row
    } catch (error) {
      if (error instanceof ReferenceUsed || isUniqueViolation(error)) {
        return this.toReview({ ...slip, reason: 'reference_used' })
      }
      if (error instanceof ApiError && error.reason === 'NOT_ALLOWED') {
        return this.toReview({ ...slip, reason: 'not_awaiting_payment' })
      }
      throw error
    }
  }

  /** A slip staff must look at, and the LINE alert of the staff who chose slips (decision 186), in one transaction. */
  private async toReview(
    slip: Omit<typeof transferSlips.$inferInsert, 'status' | 'reason'> & { reason: SlipReviewReason },
  ): Promise<TransferSlipRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(transferSlips)
        .values({ ...slip, status: 'review', createdAt: this.now() })
        .returning()
      if (!row) throw new Error('the slip was not stored')
      const [order] = await tx.select({ number: orders.number }).from(orders).where(eq(orders.id, row.orderId))
      if (order) {
        await alertStaff(
          tx,
          { kind: 'slip_review', key: row.id, orderNumber: order.number, reason: slip.reason },
          this.now(),
        )
      }
      return row
    })
  }

  private async referenceUsed(reference: string): Promise<boolean> {
    const [row] = await this.db
      .select({ reference: transferReferences.reference })
      .from(transferReferences)
      .where(eq(transferReferences.reference, reference))
    return row !== undefined
  }

  /** The reference's one use, in the payment's transaction: a second use of it fails the whole payment. */
  private async useReference(tx: Tx, reference: string, orderId: string, source: ReferenceSource, slipId?: string) {
    const inserted = await tx
      .insert(transferReferences)
      .values({ reference, orderId, source, slipId: slipId ?? null, createdAt: this.now() })
      .onConflictDoNothing()
      .returning({ reference: transferReferences.reference })
    if (inserted.length === 0) throw new ReferenceUsed(reference)
    // The order's pending bank-transfer payment carries the reference it was paid with.
    await tx
      .update(payments)
      .set({ providerRef: reference })
      .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')))
  }

  /** The order's latest slip, for its shopper. */
  async latestOf(orderId: string): Promise<TransferSlipRow | null> {
    const [row] = await this.db
      .select()
      .from(transferSlips)
      .where(eq(transferSlips.orderId, orderId))
      .orderBy(desc(transferSlips.createdAt))
      .limit(1)
    return row ?? null
  }

  /** Slips of a status (the review queue by default), oldest first, with their orders. */
  async list(status: SlipStatus = 'review') {
    const rows = await this.db
      .select({ slip: transferSlips, order: orders })
      .from(transferSlips)
      .innerJoin(orders, eq(orders.id, transferSlips.orderId))
      .where(eq(transferSlips.status, status))
      .orderBy(asc(transferSlips.createdAt))
      .limit(200)
    return rows.map(({ slip, order }) => slipView(slip, order))
  }

  private async slipWithOrder(id: string) {
    const [row] = await this.db
      .select({ slip: transferSlips, order: orders })
      .from(transferSlips)
      .innerJoin(orders, eq(orders.id, transferSlips.orderId))
      .where(eq(transferSlips.id, id))
    if (!row) throw new ApiError(404, 'NOT_FOUND', 'No such slip')
    return row
  }

  /** The slip's picture as stored. */
  async picture(id: string): Promise<{ data: Buffer; type: string }> {
    const { slip } = await this.slipWithOrder(id)
    return { data: await readFile(join(this.options.storageDir, slip.file)), type: slip.contentType }
  }

  /** Staff confirm a slip waiting for review: the order is paid, the reference used, all audited together. */
  async confirm(id: string, context: AuditContext) {
    const { slip, order } = await this.slipWithOrder(id)
    if (slip.status !== 'review') throw new ApiError(409, 'NOT_ALLOWED', `A slip ${slip.status} is decided already`)
    this.requireOpenTransfer(order)
    const reference = slip.transRef ?? `slip:${slip.id}`
    await this.pay(order, reference, 'slip', context, 'payment.slip_confirm', slip.id, async (tx) => {
      await tx
        .update(transferSlips)
        .set({ status: 'confirmed', decidedBy: context.actor.label, decidedAt: this.now() })
        .where(and(eq(transferSlips.id, slip.id), eq(transferSlips.status, 'review')))
    })
    return slipView((await this.slipWithOrder(id)).slip, order)
  }

  /** Staff reject a slip with a reason the shopper reads (order page, e-mail); the order still awaits payment. */
  async reject(id: string, reason: SlipRejectReason, note: string | null, context: AuditContext) {
    const { slip, order } = await this.slipWithOrder(id)
    if (slip.status !== 'review') throw new ApiError(409, 'NOT_ALLOWED', `A slip ${slip.status} is decided already`)
    const decisionNote = note ? `${reason}: ${note}` : reason
    await this.db.transaction(async (tx) => {
      const [changed] = await tx
        .update(transferSlips)
        .set({ status: 'rejected', decisionNote, decidedBy: context.actor.label, decidedAt: this.now() })
        .where(and(eq(transferSlips.id, slip.id), eq(transferSlips.status, 'review')))
        .returning()
      if (!changed) throw new ApiError(409, 'NOT_ALLOWED', 'The slip was decided meanwhile')
      await this.options.audit.record(tx, context, {
        action: 'payment.slip_reject',
        entityType: 'order',
        entityId: order.number,
        before: { slip: slip.id, status: 'review', reason: slip.reason },
        after: { slip: slip.id, status: 'rejected', reason, note },
      })
    })
    await this.tellRejected(order, reason, note)
    return slipView((await this.slipWithOrder(id)).slip, order)
  }

  private async tellRejected(order: OrderRow, reason: SlipRejectReason, note: string | null) {
    if (!this.options.deliver) return
    const lang = order.locale === 'en' ? 'en' : 'th'
    const link = this.options.orderPage?.(order.number, lang) ?? ''
    const lines =
      lang === 'en'
        ? [
            `Your transfer slip for order ${order.number} could not be accepted.`,
            `Reason: ${rejectWords(reason, 'en')}${note ? ` (${note})` : ''}`,
            'Please upload the right slip or transfer the amount due on the order page:',
            link,
          ]
        : [
            `สลิปการโอนเงินของคำสั่งซื้อ ${order.number} ใช้ยืนยันการชำระเงินไม่ได้`,
            `เหตุผล: ${rejectWords(reason, 'th')}${note ? ` (${note})` : ''}`,
            'โปรดอัปโหลดสลิปที่ถูกต้องหรือโอนยอดที่ต้องชำระ ที่หน้าคำสั่งซื้อ:',
            link,
          ]
    try {
      await this.options.deliver({
        channel: 'email',
        to: order.email,
        subject:
          lang === 'en'
            ? `Order ${order.number}: your transfer slip was not accepted`
            : `คำสั่งซื้อ ${order.number}: สลิปการโอนเงินไม่ผ่านการตรวจสอบ`,
        text: lines.filter(Boolean).join('\n'),
        idempotencyKey: `slip-rejected-${order.number}-${Date.now()}`,
      })
    } catch (error) {
      console.error('Slip rejection e-mail not sent:', error instanceof Error ? error.message : error)
    }
  }

  /** Staff mark a bank-transfer order paid with the bank's reference (a transfer without a slip). */
  async markPaid(number: string, reference: string, context: AuditContext) {
    const order = await this.options.orders.requireByNumber(number)
    this.requireOpenTransfer(order)
    await this.pay(order, reference.trim(), 'manual', context, 'payment.mark_paid')
  }

  /** The order paid with a reference used once, the change and its audit entry in one transaction. */
  private async pay(
    order: OrderRow,
    reference: string,
    source: ReferenceSource,
    context: AuditContext,
    action: string,
    slipId?: string,
    alsoInTx?: (tx: Tx) => Promise<void>,
  ) {
    try {
      await this.options.orders.changeStatus(order.id, 'paid', null, {
        record: async (tx, change) => {
          await this.useReference(tx, reference, order.id, source, slipId)
          await alsoInTx?.(tx)
          await this.options.audit.record(tx, context, {
            action,
            entityType: 'order',
            entityId: order.number,
            before: change.before,
            after: { status: 'paid', reference, ...(slipId ? { slip: slipId } : {}) },
          })
        },
      })
    } catch (error) {
      if (error instanceof ReferenceUsed || isUniqueViolation(error)) {
        throw new ApiError(409, 'REFERENCE_USED', 'This bank reference paid an order before', {
          fields: { reference: 'used' },
        })
      }
      throw error
    }
  }

  /** A bank statement's lines matched to open transfers by amount and date: proposals, nothing written. */
  async previewStatement(csv: string): Promise<StatementProposal[]> {
    const lines = parseStatement(csv)
    const open = await this.db
      .select({ number: orders.number, total: orders.total, placedAt: orders.createdAt, currency: orders.currency })
      .from(orders)
      .where(and(eq(orders.status, 'awaiting_payment'), eq(orders.paymentMethod, 'bank_transfer')))
    const references = lines.map((line) => line.reference)
    const used = references.length
      ? await this.db
          .select({ reference: transferReferences.reference })
          .from(transferReferences)
          .where(inArray(transferReferences.reference, references))
      : []
    return proposeMatches(
      lines,
      open.filter((order) => order.currency === 'thb'),
      new Set(used.map((row) => row.reference)),
    )
  }

  /** The proposals staff chose: each order paid with its line's reference, each audited; the refusals said. */
  async confirmStatement(matches: Array<{ number: string; reference: string }>, context: AuditContext) {
    const results: Array<{ number: string; reference: string; paid: boolean; reason: string | null }> = []
    for (const match of matches) {
      try {
        const order = await this.options.orders.requireByNumber(match.number)
        this.requireOpenTransfer(order)
        await this.pay(order, match.reference, 'statement', context, 'payment.statement_match')
        results.push({ ...match, paid: true, reason: null })
      } catch (error) {
        if (!(error instanceof ApiError)) throw error
        results.push({ ...match, paid: false, reason: error.reason })
      }
    }
    return results
  }
}

/** A slip as staff see it, with its order's number, amount due and language. */
export function slipView(slip: TransferSlipRow, order: OrderRow) {
  return {
    id: slip.id,
    orderNumber: order.number,
    orderStatus: order.status,
    amountDue: order.total,
    currency: order.currency,
    placedAt: order.createdAt.toISOString(),
    customerEmail: order.email,
    status: slip.status as SlipStatus,
    reason: slip.reason as SlipReviewReason | null,
    provider: slip.provider,
    transRef: slip.transRef,
    sendingBank: slip.sendingBank,
    reading: readingOf(slip.reading),
    decisionNote: slip.decisionNote,
    decidedBy: slip.decidedBy,
    decidedAt: slip.decidedAt?.toISOString() ?? null,
    uploadedAt: slip.createdAt.toISOString(),
  }
}

/** The provider's reading as stored, or null (no QR, or the provider's refusal code only). */
function readingOf(value: unknown): SlipReading | null {
  return value && typeof value === 'object' && 'amount' in value ? (value as SlipReading) : null
}
