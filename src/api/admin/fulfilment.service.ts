import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { orderEvents, orderItems, orderShipments, orders, products, stores, variants, type OrderRow } from '~/db/schema'
import { carrierById, parseTrackingNumber, type CarrierId } from '~/domain/carriers'
import type { OrderStatus } from '~/domain/orders'
import { parseTrackingCsv, TRACKING_CSV_MAX_ROWS, type TrackingRow } from '~/domain/tracking-csv'
import { ApiError } from '~/api/errors'
import { enqueueOrderMail } from '~/api/emails/order-mails.server'
import type { OrdersService } from '~/api/commerce/orders.service'
import { ShipmentsService } from '~/api/commerce/shipments.service'
import type { AuditContext } from './actor'
import type { AuditLog, Tx } from './audit.server'
import type { FulfilmentDocument, PackOrder } from './fulfilment-pdf.server'

/** The statuses an order is shipped from (§4): paid (packed on the way out), packed, or already on its way (a parcel more). */
export const SHIPPABLE: readonly OrderStatus[] = ['paid', 'packed', 'in_transit']

export type TrackingImportRow = Omit<TrackingRow, 'carrierText' | 'trackingText'> & { status: OrderStatus | null }

/**
 * Fulfilment in the back office (issue 31 item 8, item 5's bulk actions): the warehouse's documents, a parcel added
 * with its tracking number (the order shipped with it), and the tracking CSV shipped all at once or not at all. Each
 * order shipped moves paid → packed → in transit in one transaction with its parcel, its events, the shopper's
 * "shipped" e-mail and its audit entry (decision 188).
 */
export class Fulfilment {
  private readonly shipments: ShipmentsService

  constructor(
    private readonly db: Db,
    private readonly orders: OrdersService,
    private readonly audit: AuditLog,
    private readonly now: () => Date,
    /** The back office's page of an order (absolute): the documents' QR codes. */
    private readonly orderUrl: (number: string) => string,
  ) {
    this.shipments = new ShipmentsService(db)
  }

  /** The orders of these numbers as the documents show them, in the order asked; 404 naming the unknown ones. */
  async packOrders(numbers: readonly string[]): Promise<PackOrder[]> {
    const wanted = [...new Set(numbers)]
    const rows = wanted.length ? await this.db.select().from(orders).where(inArray(orders.number, wanted)) : []
    const missing = wanted.filter((number) => !rows.some((row) => row.number === number))
    if (missing.length > 0) {
      throw new ApiError(404, 'NOT_FOUND', `No such order: ${missing.join(', ')}`, { fields: { numbers: 'not_found' } })
    }
    const ids = rows.map((row) => row.id)
    const [items, parcels, branches] = await Promise.all([
      this.db
        .select({
          orderId: orderItems.orderId,
          sku: orderItems.sku,
          nameTh: orderItems.nameTh,
          nameEn: orderItems.nameEn,
          size: orderItems.size,
          quantity: orderItems.quantity,
          barcode: variants.barcode,
          colourTh: products.colorNameTh,
          colourEn: products.colorNameEn,
        })
        .from(orderItems)
        .leftJoin(variants, eq(variants.sku, orderItems.sku))
        .leftJoin(products, eq(products.id, orderItems.productId))
        .where(inArray(orderItems.orderId, ids))
        .orderBy(asc(orderItems.position)),
      this.db
        .select()
        .from(orderShipments)
        .where(inArray(orderShipments.orderId, ids))
        .orderBy(asc(orderShipments.createdAt)),
      this.db.select({ id: stores.id, th: stores.nameTh, en: stores.nameEn }).from(stores),
    ])
    return wanted.map((number) => {
      const order = rows.find((row) => row.number === number) as OrderRow
      const address = order.address
      const branch = branches.find((store) => store.id === order.storeId)
      return {
        number,
        placedAt: order.createdAt,
        shippingMethod: order.shippingMethod,
        store: branch ? { th: branch.th, en: branch.en } : null,
        recipient: {
          name: address ? `${address.firstname} ${address.lastname}`.trim() : order.email,
          telephone: address?.telephoneNumber || order.telephone,
          lines: address
            ? [
                [address.address, address.address2].filter(Boolean).join(' '),
                [address.subDistrict, address.district].filter(Boolean).join(', '),
                [address.province, address.postcode].filter(Boolean).join(' '),
                address.country === 'TH' ? '' : address.country,
              ].filter(Boolean)
            : [],
        },
        pieces: items
          .filter((item) => item.orderId === order.id)
          .map((item) => ({
            sku: item.sku,
            barcode: item.barcode,
            nameTh: item.nameTh,
            nameEn: item.nameEn,
            colourTh: item.colourTh,
            colourEn: item.colourEn,
            size: item.size,
            quantity: item.quantity,
          })),
        parcels: parcels
          .filter((parcel) => parcel.orderId === order.id)
          .map((parcel) => ({
            carrierName: carrierById(parcel.carrier)?.name.th ?? parcel.carrier,
            trackingNumber: parcel.trackingNumber,
          })),
        url: this.orderUrl(number),
      }
    })
  }

  /** A document of these orders as PDF bytes. */
  async document(kind: FulfilmentDocument, numbers: readonly string[]): Promise<Buffer> {
    const packed = await this.packOrders(numbers)
    const { renderFulfilmentDocument } = await import('./fulfilment-pdf.server')
    return renderFulfilmentDocument(kind, packed, this.now())
  }

  /**
   * A parcel of the order handed to its carrier: paid or packed orders move to in transit with it (the shopper's
   * "shipped" e-mail lists it); an order already in transit gets one parcel more.
   */
  async ship(number: string, carrierId: string, rawNumber: string, context: AuditContext) {
    const carrier = carrierById(carrierId)
    if (!carrier) throw new ApiError(400, 'INVALID_INPUT', 'Unknown carrier', { fields: { carrier: 'invalid' } })
    const trackingNumber = parseTrackingNumber(carrier, rawNumber)
    if (!trackingNumber) {
      throw new ApiError(400, 'INVALID_INPUT', 'This is not a tracking number of this carrier', {
        fields: { tracking_number: rawNumber.trim() ? 'invalid' : 'required' },
      })
    }
    const shipped = await this.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.number, number)).for('update')
      if (!order) throw new ApiError(404, 'NOT_FOUND', 'No such order')
      if (!SHIPPABLE.includes(order.status)) {
        throw new ApiError(409, 'NOT_ALLOWED', `An order ${order.status} is not shipped`)
      }
      return { order, ...(await this.shipLocked(tx, order, carrier.id, trackingNumber, context)) }
    })
    // A member linked to LINE hears of it there too, as of every status change (after the commit, as changeStatus).
    if (shipped.order.status !== 'in_transit')
      await this.orders.tellLineMember({ ...shipped.order, status: 'in_transit' })
    return { added: shipped.added, status: shipped.status }
  }

  /** Ships an order whose row the transaction holds locked; its audit entry in the same transaction. */
  private async shipLocked(
    tx: Tx,
    order: OrderRow,
    carrier: CarrierId,
    trackingNumber: string,
    context: AuditContext,
  ): Promise<{ added: boolean; status: OrderStatus }> {
    const now = this.now()
    const stored = await tx
      .insert(orderShipments)
      .values({ orderId: order.id, carrier, trackingNumber, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: orderShipments.id })
    const parcel = { carrier, trackingNumber }
    if (order.status === 'in_transit') {
      if (stored[0]) {
        await this.audit.record(tx, context, {
          action: 'order.parcel',
          entityType: 'order',
          entityId: order.number,
          after: { parcel: { id: stored[0].id, ...parcel } },
        })
      }
      return { added: stored.length > 0, status: order.status }
    }
    // paid → packed → in transit: each step an event of the order, as OrdersService.changeStatus writes them.
    const steps: OrderStatus[] = order.status === 'paid' ? ['packed', 'in_transit'] : ['in_transit']
    for (const status of steps)
      await tx.insert(orderEvents).values({ orderId: order.id, status, note: null, createdAt: now })
    const [moved] = await tx
      .update(orders)
      .set({ status: 'in_transit', updatedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
      .returning({ id: orders.id })
    if (!moved) throw new ApiError(409, 'NOT_ALLOWED', 'The order changed meanwhile')
    const shipments = await this.shipments.ofOrder(order.id, order.locale === 'en' ? 'en' : 'th', tx as Db)
    await enqueueOrderMail(tx, { kind: 'shipped', orderId: order.id, data: { shipments } }, now)
    await this.audit.record(tx, context, {
      action: 'order.ship',
      entityType: 'order',
      entityId: order.number,
      before: { status: order.status },
      after: { status: 'in_transit', parcel: stored[0] ? { id: stored[0].id, ...parcel } : parcel },
    })
    return { added: stored.length > 0, status: 'in_transit' }
  }

  /** Each row of the CSV with what is wrong with it, the order's status read now (or under lock when applying). */
  private async check(rows: TrackingRow[], tx: Tx, lock: boolean) {
    const numbers = [...new Set(rows.map((row) => row.orderNumber).filter(Boolean))]
    const query = numbers.length ? tx.select().from(orders).where(inArray(orders.number, numbers)) : null
    const found = query ? await (lock ? query.orderBy(asc(orders.id)).for('update') : query) : []
    const byNumber = new Map(found.map((order) => [order.number, order]))
    const checked = rows.map((row): TrackingImportRow => {
      const order = row.orderNumber ? byNumber.get(row.orderNumber) : undefined
      const problems = [...row.problems]
      if (row.orderNumber && !order) problems.push('order_unknown')
      if (order && !SHIPPABLE.includes(order.status)) problems.push('status_wrong')
      const { carrierText: _carrier, trackingText: _tracking, ...rest } = row
      return { ...rest, problems, status: order?.status ?? null }
    })
    return { checked, byNumber }
  }

  /**
   * The tracking CSV (order number, carrier, tracking number): a dry run reports each row and changes nothing; the
   * apply ships every row in one transaction, or refuses (400, each bad row in `fields`) and ships none.
   */
  async importTracking(csv: string, apply: boolean, context: AuditContext) {
    const rows = parseTrackingCsv(csv)
    if (rows.length === 0) {
      throw new ApiError(400, 'INVALID_INPUT', 'The file has no rows', { fields: { csv: 'empty' } })
    }
    if (rows.length > TRACKING_CSV_MAX_ROWS) {
      throw new ApiError(400, 'INVALID_INPUT', `At most ${TRACKING_CSV_MAX_ROWS} rows a file`, {
        fields: { csv: 'too_many_rows' },
      })
    }
    const report = (checked: TrackingImportRow[], applied: boolean) => ({
      applied,
      rows: checked,
      ok: checked.filter((row) => row.problems.length === 0).length,
      bad: checked.filter((row) => row.problems.length > 0).length,
    })
    if (!apply) return report((await this.check(rows, this.db, false)).checked, false)
    const moved: OrderRow[] = []
    const applied = await this.db.transaction(async (tx) => {
      const { checked, byNumber } = await this.check(rows, tx, true)
      const bad = checked.filter((row) => row.problems.length > 0)
      if (bad.length > 0) {
        throw new ApiError(400, 'INVALID_INPUT', `${bad.length} rows cannot be shipped: nothing was shipped`, {
          fields: Object.fromEntries(bad.map((row) => [`rows.${row.line}`, row.problems.join(' ')])),
        })
      }
      for (const row of checked) {
        const order = byNumber.get(row.orderNumber)
        if (!order || !row.carrier || !row.trackingNumber) continue
        const { status } = await this.shipLocked(tx, order, row.carrier, row.trackingNumber, context)
        if (order.status !== 'in_transit') moved.push({ ...order, status })
        // A second row of the same order adds its parcel to the order now in transit.
        byNumber.set(order.number, { ...order, status })
        row.status = status
      }
      return report(checked, true)
    })
    for (const order of moved) await this.orders.tellLineMember(order)
    return applied
  }

  /** The order of a number, for the routes that answer with its detail. */
  requireByNumber(number: string) {
    return this.orders.requireByNumber(number)
  }
}
