import { asc, desc, eq, inArray } from 'drizzle-orm'
import { type Db } from '~/db/client.server'
import { orderShipments, parcelEvents, type OrderRow } from '~/db/schema'
import { ApiError } from '~/api/errors'
import { carrierById, parseTrackingNumber, trackingUrl, type CarrierId } from '~/domain/carriers'
import type { ChangeRecorder } from './operator.server'

export type ShipmentView = {
  carrier: string
  carrierName: string
  trackingNumber: string
  url: string | null
  createdAt: string
  /** What the carrier said last of the parcel (its tracking, issue 31 item 8), or null before it said anything. */
  latest: { description: string; location: string | null; occurredAt: string } | null
}

type Lang = 'th' | 'en'

/** The parcels of an order (§4): the back office adds each with its carrier and tracking number; pages link to it. */
export class ShipmentsService {
  constructor(private readonly db: Db) {}

  /** The shipments of an order, oldest first, carriers named in `lang`. */
  async ofOrder(orderId: string, lang: Lang, db: Db = this.db): Promise<ShipmentView[]> {
    const rows = await db
      .select()
      .from(orderShipments)
      .where(eq(orderShipments.orderId, orderId))
      .orderBy(asc(orderShipments.createdAt), asc(orderShipments.id))
    const events = rows.length
      ? await db
          .select()
          .from(parcelEvents)
          .where(
            inArray(
              parcelEvents.shipmentId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(desc(parcelEvents.occurredAt))
      : []
    return rows.map((row) => shipmentView(row, lang, events.find((event) => event.shipmentId === row.id) ?? null))
  }

  /**
   * Back office: a parcel of the order with its carrier and tracking number (loosely checked per carrier).
   * Not for an order that is unpaid or cancelled. The same number twice is kept once (`added` false).
   */
  async add(
    order: OrderRow,
    carrierId: CarrierId,
    rawNumber: string,
    record?: ChangeRecorder,
  ): Promise<{ added: boolean }> {
    const carrier = carrierById(carrierId)
    if (!carrier) {
      throw new ApiError(400, 'INVALID_INPUT', 'Unknown carrier', { fields: { carrier: 'invalid' } })
    }
    const trackingNumber = parseTrackingNumber(carrier, rawNumber)
    if (!trackingNumber) {
      throw new ApiError(400, 'INVALID_INPUT', 'This is not a tracking number of this carrier', {
        fields: { trackingNumber: rawNumber.trim() ? 'invalid' : 'required' },
      })
    }
    if (order.status === 'awaiting_payment' || order.status === 'cancelled') {
      throw new ApiError(409, 'NOT_ALLOWED', `An order ${order.status} is not shipped`)
    }
    return this.db.transaction(async (tx) => {
      const stored = await tx
        .insert(orderShipments)
        .values({ orderId: order.id, carrier: carrier.id, trackingNumber })
        .onConflictDoNothing()
        .returning({ id: orderShipments.id })
      // A parcel added is audited with it (decision 174); the same number again changes nothing.
      if (stored[0]) await record?.(tx, { after: { shipmentId: stored[0].id, carrier: carrier.id, trackingNumber } })
      return { added: stored.length > 0 }
    })
  }
}

function shipmentView(
  row: typeof orderShipments.$inferSelect,
  lang: Lang,
  latest: typeof parcelEvents.$inferSelect | null,
): ShipmentView {
  const carrier = carrierById(row.carrier)
  return {
    carrier: row.carrier,
    carrierName: carrier ? carrier.name[lang] : row.carrier,
    trackingNumber: row.trackingNumber,
    url: carrier ? trackingUrl(carrier, row.trackingNumber) : null,
    createdAt: row.createdAt.toISOString(),
    latest: latest
      ? { description: latest.description, location: latest.location, occurredAt: latest.occurredAt.toISOString() }
      : null,
  }
}
