import { timingSafeEqual } from 'node:crypto'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { orderShipments, orders, parcelEvents } from '~/db/schema'
import { STAFF_PERMISSIONS } from '~/domain/staff-permissions'
import type { OrdersService } from '~/api/commerce/orders.service'
import type { CarrierEvent, ParcelTracker } from '~/api/providers/thailand-post.server'
import { systemActor, type AuditContext } from './actor'
import type { AuditLog } from './audit.server'

/** The carrier whose tracking the shop reads (Thailand Post's Track & Trace API). */
export const TRACKED_CARRIER = 'thailand_post'

export type TrackingSource = 'poll' | 'webhook' | 'demo'

export type TrackingOptions = {
  /** Thailand Post's API (or the demo carrier); null: no polling. */
  tracker: ParcelTracker | null
  /** The secret in the webhook's address (/webhooks/thailand-post/{key}); null: the webhook is not mounted. */
  webhookKey: string | null
  /** The poll's source as recorded: 'demo' for the demo carrier. */
  source?: TrackingSource
}

/** The system as the audit log names it when a carrier's news moves an order. */
const TRACKING_ACTOR: AuditContext = {
  actor: systemActor('parcel-tracking', STAFF_PERMISSIONS),
  ip: null,
  requestId: null,
}

/** Two secrets compared in constant time. */
export function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Parcel tracking (issue 31 item 8): a carrier's statuses, polled or pushed to its webhook, stored once each as the
 * parcel's events, which staff and the shopper read. A "delivered" event makes the order received at the carrier's
 * time of delivery (§9: the 7 days of exchange and return count from there), audited as the system. The move is made
 * for every order in transit with a delivered parcel each time news comes, so news stored before a crash still moves
 * its order on the next poll or push.
 */
export class ParcelTracking {
  constructor(
    private readonly db: Db,
    private readonly orders: OrdersService,
    private readonly audit: AuditLog,
    readonly options: TrackingOptions,
  ) {}

  /** Stores the events of the shop's parcels (others ignored), then moves delivered orders; how many were new. */
  async record(events: readonly CarrierEvent[], source: TrackingSource): Promise<{ recorded: number }> {
    const numbers = [...new Set(events.map((event) => event.trackingNumber))]
    if (numbers.length === 0) return { recorded: 0 }
    const parcels = await this.db
      .select({ id: orderShipments.id, trackingNumber: orderShipments.trackingNumber, orderId: orderShipments.orderId })
      .from(orderShipments)
      .where(and(eq(orderShipments.carrier, TRACKED_CARRIER), inArray(orderShipments.trackingNumber, numbers)))
    const values = events.flatMap((event) =>
      parcels
        .filter((parcel) => parcel.trackingNumber === event.trackingNumber)
        .map((parcel) => ({
          shipmentId: parcel.id,
          kind: event.kind,
          code: event.code,
          description: event.description,
          location: event.location,
          occurredAt: event.occurredAt,
          source,
        })),
    )
    const stored = values.length
      ? await this.db.insert(parcelEvents).values(values).onConflictDoNothing().returning({ id: parcelEvents.id })
      : []
    await this.settleDelivered([...new Set(parcels.map((parcel) => parcel.orderId))])
    return { recorded: stored.length }
  }

  /** Orders in transit with a delivered parcel become received at the first delivery's time, audited as the system. */
  private async settleDelivered(orderIds: string[]): Promise<void> {
    if (orderIds.length === 0) return
    const delivered = await this.db
      .select({
        orderId: orders.id,
        number: orders.number,
        trackingNumber: orderShipments.trackingNumber,
        at: sql<Date>`MIN(${parcelEvents.occurredAt})`,
      })
      .from(parcelEvents)
      .innerJoin(orderShipments, eq(orderShipments.id, parcelEvents.shipmentId))
      .innerJoin(orders, eq(orders.id, orderShipments.orderId))
      .where(and(inArray(orders.id, orderIds), eq(orders.status, 'in_transit'), eq(parcelEvents.kind, 'delivered')))
      .groupBy(orders.id, orders.number, orderShipments.trackingNumber)
    for (const parcel of delivered) {
      const receivedAt = new Date(parcel.at)
      await this.orders.changeStatus(parcel.orderId, 'received', null, {
        record: async (tx, change) => {
          // The carrier's time of delivery, not the time we heard of it, starts the return window.
          await tx.update(orders).set({ receivedAt }).where(eq(orders.id, parcel.orderId))
          await this.audit.record(tx, TRACKING_ACTOR, {
            action: 'order.delivered',
            entityType: 'order',
            entityId: parcel.number,
            before: change.before,
            after: { status: 'received', receivedAt: receivedAt.toISOString(), trackingNumber: parcel.trackingNumber },
          })
        },
      })
    }
  }

  /** Asks the carrier after every tracked parcel of an order in transit (the hourly housekeeping). */
  async poll(): Promise<{ asked: number; recorded: number }> {
    const tracker = this.options.tracker
    if (!tracker) return { asked: 0, recorded: 0 }
    const parcels = await this.db
      .select({ trackingNumber: orderShipments.trackingNumber, shippedAt: orderShipments.createdAt })
      .from(orderShipments)
      .innerJoin(orders, eq(orders.id, orderShipments.orderId))
      .where(and(eq(orderShipments.carrier, TRACKED_CARRIER), eq(orders.status, 'in_transit')))
      .orderBy(asc(orderShipments.createdAt))
    if (parcels.length === 0) return { asked: 0, recorded: 0 }
    const events = await tracker.track(parcels)
    const { recorded } = await this.record(events, this.options.source ?? 'poll')
    return { asked: parcels.length, recorded }
  }

  /** The carrier's events of each parcel of an order, oldest first, for staff and the shopper. */
  async ofOrder(orderId: string) {
    return this.db
      .select({
        trackingNumber: orderShipments.trackingNumber,
        kind: parcelEvents.kind,
        code: parcelEvents.code,
        description: parcelEvents.description,
        location: parcelEvents.location,
        occurredAt: parcelEvents.occurredAt,
      })
      .from(parcelEvents)
      .innerJoin(orderShipments, eq(orderShipments.id, parcelEvents.shipmentId))
      .where(eq(orderShipments.orderId, orderId))
      .orderBy(asc(parcelEvents.occurredAt))
  }
}
