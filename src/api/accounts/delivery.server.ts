import type { Db } from '~/db/client.server'
import { outboxMessages } from '~/db/schema'
import type { MessageSender, OutboundMessage } from '~/api/providers/messages'

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
  /** True while either channel uses the outbox: only then are /dev/outbox and its API readable. */
  outboxEnabled: boolean
}

/** Routes each message to its channel's sender; a channel without a configured provider uses the outbox. */
export function createDelivery(
  db: Db,
  senders: { sms?: MessageSender | null; email?: MessageSender | null } = {},
): Delivery {
  const outbox = createOutboxSender(db)
  const sms = senders.sms ?? outbox
  const email = senders.email ?? outbox
  return {
    outboxEnabled: sms === outbox || email === outbox,
    async deliver(message) {
      await (message.channel === 'sms' ? sms : email).send(message)
    },
  }
}
