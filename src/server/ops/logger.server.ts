import { hostname } from 'node:os'
import { pino, type DestinationStream, type Logger } from 'pino'
import { LOG_LEVELS } from '~/config/schema'
import { processGlobal } from '~/process-global'

export type { Logger }
export type LogLevel = (typeof LOG_LEVELS)[number]

/**
 * The process's logger, kept on globalThis (processGlobal): the Nitro plugins and handlers are bundled apart
 * from the SSR app, so a module-level variable would give each bundle its own logger (and its own level).
 */
const holder = processGlobal<{ logger: Logger | null }>('logger', () => ({ logger: null }))

function isLogLevel(value: string | undefined): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value ?? '')
}

/** This instance's name in every line: INSTANCE_ID, else `{hostname}:{PORT}`. */
export function instanceName(source: Record<string, string | undefined> = process.env): string {
  return source.INSTANCE_ID || `${hostname()}:${source.PORT || '3000'}`
}

export type LoggerOptions = {
  /** Least severity written; LOG_LEVEL (checked at start-up by src/config/schema.ts), else `info`. */
  level?: LogLevel
  /** Where the JSON lines go: stdout (written synchronously, so that nothing is lost when the process ends). */
  destination?: DestinationStream
  instance?: string
}

/**
 * A pino logger that writes one JSON object per line: `level` as a name, `time` in ISO 8601, the `instance`,
 * then the fields of the call and `msg`. Nothing is redacted here: callers log only what is safe (see
 * ./redact.ts); pino's own `redact` is a second line for the field names that must never appear.
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const fromEnv = process.env.LOG_LEVEL
  const level = options.level ?? (isLogLevel(fromEnv) ? fromEnv : 'info')
  return pino(
    {
      level,
      base: { instance: options.instance ?? instanceName() },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: {
        paths: [
          'code',
          'token',
          'password',
          'email',
          'cookie',
          'authorization',
          '*.code',
          '*.token',
          '*.password',
          '*.email',
          '*.cookie',
          '*.authorization',
          'headers.cookie',
          'headers.authorization',
          'headers["idempotency-key"]',
        ],
        censor: '[redacted]',
      },
    },
    options.destination ?? pino.destination({ dest: 1, sync: true }),
  )
}

/** The process-wide logger (created on first use). */
export function logger(): Logger {
  return (holder.logger ??= createLogger())
}

/** Replaces the process-wide logger (tests capture the lines this way). */
export function setLogger(next: Logger): void {
  holder.logger = next
}

/** The message of an error, for a log line (never its whole object, which may hold a request or a row). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
