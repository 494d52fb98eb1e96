import { randomUUID } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import type { CountryCode } from 'libphonenumber-js/min'
import { ApiError } from '~/api/errors'
import { DeliveryError } from '~/api/providers/messages'
import type { Db } from '~/db/client.server'
import {
  pixelEvents,
  type MetaServerEventPayload,
  type PixelEventPayload,
  type PixelEventStatus,
  type PixelPlatform,
  type TikTokEventPayload,
} from '~/db/schema'
import {
  META_EVENT_NAMES,
  metaCustomData,
  metaUserData,
  TIKTOK_EVENT_NAMES,
  tiktokProperties,
  tiktokUser,
  type PixelUserInput,
} from './normalise'
import type { PixelEventName } from '~/domain/tracking'
import {
  createMetaCapiSender,
  createTikTokEventsSender,
  type MetaCapiOptions,
  type PixelSender,
  type TikTokEventsOptions,
} from './platforms.server'
import { OutboxClaims, retryDelayMs, startOutboxWorker } from '~/api/outbox-claim.server'

/** Sending attempts of one event before it is given up. */
export const PIXEL_MAX_ATTEMPTS = 6
/** The wait after the first failed attempt; it doubles after each further one (30 s, 1, 2, 4, 8 min). */
export const PIXEL_BACKOFF_BASE_MS = 30_000
/** How long a claimed event is hidden from other instances while it is being sent (longer than a time-out). */
export const PIXEL_LEASE_MS = 2 * 60_000

/** A tracking event (§3) as the storefront reports it: plain personal data, hashed only here. */
export type PixelEventInput = {
  eventName: PixelEventName
  eventSourceUrl: string
  /** Shared with the browser pixel so the platform counts the event once; a purchase defaults to its order number. */
  eventId?: string | null
  userData: PixelUserInput
  customData?: Record<string, unknown> | null
  /** The pixel the browser reported to; when the platform is configured it must be that one. */
  pixelId?: string | null
}

export type MetaPixelConfig = Omit<MetaCapiOptions, 'timeoutMs' | 'fetch'>
export type TikTokPixelConfig = Omit<TikTokEventsOptions, 'timeoutMs' | 'fetch'>

export type PixelServiceOptions = {
  /** Meta's Conversions API; without it Meta events are only recorded. */
  meta: MetaPixelConfig | null
  /** TikTok's Events API; without it TikTok events are only recorded. */
  tiktok: TikTokPixelConfig | null
  now?: () => Date
  /** The country phone numbers without a country code are read in, unless the user data names one (TH). */
  defaultCountry?: CountryCode
  maxAttempts?: number
  backoffBaseMs?: number
  leaseMs?: number
  timeoutMs?: number
  fetch?: typeof fetch
}

export type PixelRecordResult = {
  /** False when the same event (platform, event id, name) was already stored: nothing new was queued. */
  stored: boolean
  /** pending: it will be sent; recorded: the platform has no token. */
  status: Extract<PixelEventStatus, 'pending' | 'recorded'>
  eventId: string
}

export type PixelDeliveryReport = { sent: number; retrying: number; failed: number }

/** The event id for de-duplication with the browser pixel: as given, else a purchase's order number, else new. */
export function pixelEventId(event: Pick<PixelEventInput, 'eventId' | 'eventName' | 'customData'>): string {
  const given = event.eventId?.trim()
  if (given) return given
  const orderId = event.customData?.order_id
  if (event.eventName === 'purchase' && (typeof orderId === 'string' || typeof orderId === 'number')) {
    const number = String(orderId).trim()
    if (number) return number
  }
  return randomUUID()
}

function isMetaPayload(payload: PixelEventPayload): payload is MetaServerEventPayload {
  return 'event_name' in payload
}

/**
 * Server-side pixel events: normalises and hashes personal data per platform, stores each event once, and
 * forwards it through a database queue with retries and exponential back-off to Meta's Conversions API and
 * TikTok's Events API when their tokens are configured.
 */
export class PixelService {
  private readonly now: () => Date
  private readonly senders: {
    meta: PixelSender<MetaServerEventPayload> | null
    tiktok: PixelSender<TikTokEventPayload> | null
  }

  constructor(
    private readonly db: Db,
    private readonly options: PixelServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date())
    const http = {
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    }
    this.senders = {
      meta: options.meta ? createMetaCapiSender({ ...options.meta, ...http }) : null,
      tiktok: options.tiktok ? createTikTokEventsSender({ ...options.tiktok, ...http }) : null,
    }
  }

  /** Whether events of this platform are forwarded (its token is configured). */
  isConfigured(platform: PixelPlatform): boolean {
    return this.senders[platform] !== null
  }

  private configuredPixelId(platform: PixelPlatform): string | null {
    return platform === 'meta' ? (this.options.meta?.pixelId ?? null) : (this.options.tiktok?.pixelCode ?? null)
  }

  /** The event as the platform wants it: its event name, unix seconds, hashed user data. */
  payloadFor(platform: PixelPlatform, event: PixelEventInput, eventId: string, at: Date): PixelEventPayload {
    const eventTime = Math.floor(at.getTime() / 1000)
    const normalise = { defaultCountry: this.options.defaultCountry ?? 'TH' }
    const customData = event.customData ?? undefined
    if (platform === 'meta') {
      const custom = metaCustomData(customData)
      return {
        event_name: META_EVENT_NAMES[event.eventName],
        event_time: eventTime,
        event_id: eventId,
        event_source_url: event.eventSourceUrl,
        action_source: 'website',
        user_data: metaUserData(event.userData, normalise),
        ...(custom ? { custom_data: custom } : {}),
      }
    }
    const properties = tiktokProperties(customData)
    return {
      event: TIKTOK_EVENT_NAMES[event.eventName],
      event_time: eventTime,
      event_id: eventId,
      user: tiktokUser(event.userData, normalise),
      page: { url: event.eventSourceUrl },
      ...(properties ? { properties } : {}),
    }
  }

  /**
   * Stores an event for a platform, normalised and hashed; queued ('pending') when the platform is configured,
   * kept only ('recorded') otherwise. The same event again (browser and server) is stored once.
   */
  async record(platform: PixelPlatform, event: PixelEventInput): Promise<PixelRecordResult> {
    const configuredPixel = this.configuredPixelId(platform)
    const pixelId = event.pixelId?.trim()
    if (pixelId && configuredPixel !== null && pixelId !== configuredPixel) {
      throw new ApiError(400, 'INVALID_INPUT', 'Unknown pixel', { fields: { pixelId: 'invalid' } })
    }
    const now = this.now()
    const eventId = pixelEventId(event)
    const status = this.isConfigured(platform) ? 'pending' : 'recorded'
    const inserted = await this.db
      .insert(pixelEvents)
      .values({
        platform,
        eventId,
        eventName: event.eventName,
        payload: this.payloadFor(platform, event, eventId, now),
        status,
        nextAttemptAt: status === 'pending' ? now : null,
        createdAt: now,
      })
      .onConflictDoNothing({ target: [pixelEvents.platform, pixelEvents.eventId, pixelEvents.eventName] })
      .returning({ id: pixelEvents.id })
    return { stored: inserted.length > 0, status, eventId }
  }

  /**
   * Sends up to `limit` due events. Each is claimed first by one UPDATE (OutboxClaims: rows locked by another
   * instance are skipped, claimed ones hidden for a lease), so several instances never send the same event at once. A
   * failure the platform may get over waits 30 s × 2^(attempts − 1); after the last attempt, or on an error a
   * retry cannot mend, the event fails for good.
   */
  async deliverDue(limit = 50, signal?: AbortSignal): Promise<PixelDeliveryReport> {
    const report: PixelDeliveryReport = { sent: 0, retrying: 0, failed: 0 }
    const platforms = (['meta', 'tiktok'] as const).filter((platform) => this.isConfigured(platform))
    if (platforms.length === 0 || limit < 1) return report
    const maxAttempts = this.options.maxAttempts ?? PIXEL_MAX_ATTEMPTS
    const now = this.now()
    const outbox = new OutboxClaims(this.db, pixelEvents, {
      maxAttempts,
      leaseMs: this.options.leaseMs ?? PIXEL_LEASE_MS,
    })
    report.failed += await outbox.giveUpInterrupted(now)
    const claimed = await outbox.claimDue(now, limit, inArray(pixelEvents.platform, platforms))
    await outbox.each(claimed, now, signal, async (row) => {
      const outcome = await this.sendOne(row.platform, row.payload)
      const finishedAt = this.now()
      if (outcome === null) {
        await this.db
          .update(pixelEvents)
          .set({ status: 'sent', sentAt: finishedAt, nextAttemptAt: null, lastError: null })
          .where(eq(pixelEvents.id, row.id))
        report.sent++
      } else if (outcome.retryable && row.attempts < maxAttempts) {
        const waitMs = retryDelayMs(row.attempts, this.options.backoffBaseMs ?? PIXEL_BACKOFF_BASE_MS)
        await this.db
          .update(pixelEvents)
          .set({ nextAttemptAt: new Date(finishedAt.getTime() + waitMs), lastError: outcome.message })
          .where(eq(pixelEvents.id, row.id))
        report.retrying++
      } else {
        await this.db
          .update(pixelEvents)
          .set({ status: 'failed', nextAttemptAt: null, lastError: outcome.message })
          .where(eq(pixelEvents.id, row.id))
        report.failed++
      }
    })
    return report
  }

  /** Null when sent; otherwise what went wrong and whether a retry may help. */
  private async sendOne(
    platform: PixelPlatform,
    payload: PixelEventPayload,
  ): Promise<{ message: string; retryable: boolean } | null> {
    try {
      if (platform === 'meta' && isMetaPayload(payload) && this.senders.meta) await this.senders.meta.send(payload)
      else if (platform === 'tiktok' && !isMetaPayload(payload) && this.senders.tiktok)
        await this.senders.tiktok.send(payload)
      else return { message: `No ${platform} event to send`, retryable: false }
      return null
    } catch (error) {
      if (error instanceof DeliveryError) return { message: error.message, retryable: error.retryable }
      // Not the platform's answer: a bug or an outage of ours. Its text could hold anything, so it is not kept.
      console.error('Pixel event not sent', error instanceof Error ? error.name : typeof error)
      return { message: 'Unexpected error while sending', retryable: true }
    }
  }
}

/**
 * Runs `deliverDue` every `everyMs` (never two runs at once in this process); returns the function that stops it:
 * it ends the timer, lets the event being sent finish, hands the other claimed events back, and resolves when the
 * run under way is over. Several instances may all run it: claiming keeps each event to one sender.
 */
export function startPixelDelivery(
  pixels: PixelService,
  options: { everyMs?: number; limit?: number } = {},
): () => Promise<void> {
  return startOutboxWorker((signal) => pixels.deliverDue(options.limit ?? 50, signal), {
    everyMs: options.everyMs ?? 15_000,
    failure: 'Pixel delivery failed',
  })
}
