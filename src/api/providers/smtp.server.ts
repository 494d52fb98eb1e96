import { createTransport } from 'nodemailer'
import { DeliveryError, type MessageSender, type OutboundMessage } from './messages'

const PROVIDER = 'smtp'
const DEFAULT_TIMEOUT_MS = 10_000

/** Nodemailer and Node codes for a connection that failed or timed out, where the same message may go through later. */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
])

/** The fields of a Nodemailer error this adapter looks at; read defensively because anything can be thrown. */
type SmtpFailure = { code?: unknown; originalCode?: unknown; responseCode?: unknown; command?: unknown }

function asFailure(error: unknown): SmtpFailure {
  return typeof error === 'object' && error !== null ? (error as SmtpFailure) : {}
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** SMTP 4xx replies are transient by RFC 5321, 5xx permanent; without a reply, only connection trouble is worth a retry. */
function isRetryable(failure: SmtpFailure): boolean {
  const { responseCode } = failure
  if (typeof responseCode === 'number' && responseCode >= 400 && responseCode < 600) return responseCode < 500
  return [failure.code, failure.originalCode].some(
    (code) => typeof code === 'string' && CONNECTION_ERROR_CODES.has(code),
  )
}

/**
 * Builds the error from Nodemailer's codes only: its text can quote server replies, and nothing of the message
 * (which holds a one-time code) may reach a log, so neither it nor the original error is passed on.
 */
function toDeliveryError(error: unknown): DeliveryError {
  const failure = asFailure(error)
  const code = nonEmptyString(failure.code)
  const originalCode = nonEmptyString(failure.originalCode)
  const responseCode = typeof failure.responseCode === 'number' ? failure.responseCode : undefined
  const command = nonEmptyString(failure.command)
  const parts = [
    code ?? 'unknown error',
    originalCode !== undefined && originalCode !== code ? `(${originalCode})` : undefined,
    responseCode !== undefined ? `reply ${responseCode}` : undefined,
    command !== undefined ? `during ${command}` : undefined,
  ].filter((part) => part !== undefined)
  return new DeliveryError(`SMTP delivery failed: ${parts.join(' ')}`, {
    provider: PROVIDER,
    ...(responseCode !== undefined ? { status: responseCode } : {}),
    retryable: isRetryable(failure),
  })
}

/** The domain of the sender's address (`Shop <no-reply@shop.example>` → shop.example), for Message-IDs. */
function senderDomain(from: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost'
}

/**
 * Sends e-mail through any SMTP server given as a URL (`smtp://user:pass@host:587`, `smtps://…`), so the shop is not
 * tied to one mail provider; call `close()` on shutdown to drop the transport's connections.
 */
export function createSmtpSender(options: {
  url: string
  from: string
  timeoutMs?: number
}): MessageSender & { close(): void } {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const transport = createTransport({
    url: options.url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  })

  return {
    async send(message: OutboundMessage) {
      if (message.channel !== 'email') {
        throw new DeliveryError(`SMTP cannot send a message for the ${message.channel} channel`, {
          provider: PROVIDER,
          retryable: false,
        })
      }
      let info: { messageId?: unknown }
      try {
        info = await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html !== undefined ? { html: message.html } : {}),
          // A retried message keeps its Message-ID, so mail programs show a copy sent twice as one message.
          ...(message.idempotencyKey !== undefined
            ? { messageId: `<${message.idempotencyKey}@${senderDomain(options.from)}>` }
            : {}),
        })
      } catch (error) {
        throw toDeliveryError(error)
      }
      return { providerMessageId: nonEmptyString(info.messageId) ?? null }
    },
    close() {
      transport.close()
    },
  }
}
