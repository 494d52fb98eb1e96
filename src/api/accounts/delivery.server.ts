import type { Db } from '~/db/client.server'
import { outboxMessages } from '~/db/schema'
import { ChannelUnavailableError, type MessageSender, type OutboundMessage } from '~/api/providers/messages'

/** The local default of both channels: the message is kept in the outbox table instead of being sent. */
export function createOutboxSender(db: Db): MessageSender {
  return {
    async send(message) {
      const [row] = await db
        .insert(outboxMessages)
        .values({ channel: message.channel, recipient: message.to, subject: message.subject, body: message.text })
        .returning({ id: outboxMessages.id })
      return { providerMessageId: row?.id ?? null }
    },
  }
}

export type Delivery = {
  deliver: (message: OutboundMessage) => Promise<void>
  /**
   * True only while the outbox delivers both channels (demo mode, no real provider): only then are /dev/outbox
   * and its API readable. With one real channel it is false, or anyone could read the other channel's codes.
   */
  outboxEnabled: boolean
  /** Which channels can deliver at all; a code is not even made for one that cannot. */
  channels: Record<OutboundMessage['channel'], boolean>
}

/**
 * Routes each message to its channel's sender. The outbox stands in for both channels only when neither has a
 * real sender and `outbox` allows it (demo mode; default true); otherwise a channel without a sender is
 * unavailable and its messages are refused with ChannelUnavailableError (fail closed, docs/decisions/076).
 */
export function createDelivery(
  db: Db,
  senders: { sms?: MessageSender | null; email?: MessageSender | null; outbox?: boolean } = {},
): Delivery {
  const outboxEnabled = (senders.outbox ?? true) && !senders.sms && !senders.email
  const outbox = outboxEnabled ? createOutboxSender(db) : null
  const sms = senders.sms ?? outbox
  const email = senders.email ?? outbox
  return {
    outboxEnabled,
    channels: { sms: sms !== null, email: email !== null },
    async deliver(message) {
      const sender = message.channel === 'sms' ? sms : email
      if (!sender) throw new ChannelUnavailableError(message.channel)
      await sender.send(message)
    },
  }
}
