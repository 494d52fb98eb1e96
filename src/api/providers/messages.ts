/** One outgoing message (a one-time code); `to` is E.164 (`+66812345678`) for sms and an e-mail address for email. */
export type OutboundMessage = {
  channel: 'sms' | 'email'
  to: string
  subject: string
  text: string
  html?: string
  /** The same on every attempt of one message (e-mail: its Message-ID), so that a copy sent twice is one message. */
  idempotencyKey?: string
}

/** What the login flow needs from any SMS or e-mail provider, so providers can be swapped or faked. */
export interface MessageSender {
  send(message: OutboundMessage): Promise<{ providerMessageId: string | null }>
}

/** A provider failure with what the caller needs to decide on a retry; its message never holds the message text. */
export class DeliveryError extends Error {
  override name = 'DeliveryError'
  readonly provider: string
  readonly status?: number
  readonly retryable: boolean

  constructor(message: string, details: { provider: string; status?: number; retryable: boolean; cause?: unknown }) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause })
    this.provider = details.provider
    this.status = details.status
    this.retryable = details.retryable
  }
}

/** A message for a channel that has no way out (no provider, and the outbox is closed): nothing was sent. */
export class ChannelUnavailableError extends Error {
  override name = 'ChannelUnavailableError'
  constructor(readonly channel: OutboundMessage['channel']) {
    super(`No ${channel === 'sms' ? 'SMS' : 'e-mail'} delivery is configured`)
  }
}
