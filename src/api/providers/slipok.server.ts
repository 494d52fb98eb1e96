import { z } from 'zod'
import { bahtToSatang, type ShopAccount, type SlipReading } from '~/domain/slip-match'
import { networkErrorCode, readJson } from './http-answer.server'

const DEFAULT_API_BASE_URL = 'https://api.slipok.com'
const DEFAULT_TIMEOUT_MS = 10_000

/**
 * What a slip-verification provider says about a slip's QR payload: its reading, that it does not know the slip
 * (not a transfer, not found: `refused`), or that it could not be asked (`unreachable`: down, slow, our key refused).
 */
export type SlipVerdict =
  { kind: 'read'; reading: SlipReading } | { kind: 'refused'; code: string } | { kind: 'unreachable'; code: string }

export type SlipVerifier = {
  /** `slipok`, or `demo` for the demo verifier. */
  id: string
  /** Never throws: a failure is a verdict. */
  verify(input: { qrPayload: string; transRef: string; amountDue: number }): Promise<SlipVerdict>
}

/** A party of a slip as SlipOK answers it: names, and the account or PromptPay proxy, usually masked. */
const partySchema = z
  .object({
    displayName: z.string().nullish(),
    name: z.string().nullish(),
    account: z.object({ value: z.string().nullish() }).nullish(),
    proxy: z.object({ type: z.string().nullish(), value: z.string().nullish() }).nullish(),
  })
  .nullish()

/** SlipOK's slip data (https://slipok.com/api-documentation/): the fields the shop reads; others dropped. */
const slipDataSchema = z.object({
  transRef: z.string().min(1),
  sendingBank: z.string().nullish(),
  receivingBank: z.string().nullish(),
  /** yyyyMMdd and HH:mm:ss, Bangkok time. */
  transDate: z.string().regex(/^\d{8}$/),
  transTime: z.string().regex(/^\d{2}:\d{2}(:\d{2})?$/),
  amount: z.number().nonnegative(),
  sender: partySchema,
  receiver: partySchema,
})

const successSchema = z.object({ success: z.literal(true), data: slipDataSchema })
const errorSchema = z.object({ code: z.union([z.number(), z.string()]), message: z.string().optional() })

/**
 * SlipOK's error codes that are about the slip, not the service: a missing or unreadable QR (1000, 1006–1008), a
 * slip the bank does not know (1011), and the checks the shop makes itself (1012 duplicate, 1013 amount, 1014
 * receiver; the shop does not ask SlipOK for them, so they should not come, and are the slip's fault if they do). The
 * others (1001–1005 branch, key, quota, package; 1009 bank down; 1010 wait for the bank) are the service's.
 */
const SLIP_FAULTS = new Set(['1000', '1006', '1007', '1008', '1011', '1012', '1013', '1014'])

/** Bangkok's date and time of a slip as an instant. */
function bangkokInstant(date: string, time: string): string {
  const iso = `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${time.length === 5 ? `${time}:00` : time}+07:00`
  const at = new Date(iso)
  return Number.isNaN(at.getTime()) ? iso : at.toISOString()
}

function partyName(party: z.infer<typeof partySchema>): string | null {
  return party?.displayName || party?.name || null
}

/**
 * SlipOK's slip verification (https://slipok.com): `POST {api}/api/line/apikey/{branchId}` with the `x-authorization`
 * key and `{ data: <the slip's QR text> }`; 200 with the bank's reading, or 400 with an error code. The shop sends the
 * QR text it read itself (no picture leaves the shop) and checks amount, receiver, date and reuse itself, so that one
 * rule decides every provider's slips. Within `timeoutMs` (10 s); nothing thrown.
 */
export function createSlipOkVerifier(options: {
  branchId: string
  apiKey: string
  apiBaseUrl?: string
  timeoutMs?: number
}): SlipVerifier {
  const base = (options.apiBaseUrl ?? DEFAULT_API_BASE_URL).replace(/\/+$/, '')
  const url = `${base}/api/line/apikey/${encodeURIComponent(options.branchId)}`
  return {
    id: 'slipok',
    async verify({ qrPayload }) {
      let response: Response
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            'x-authorization': options.apiKey,
          },
          body: JSON.stringify({ data: qrPayload }),
          redirect: 'manual',
          signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
        })
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
        return { kind: 'unreachable', code: timedOut ? 'timeout' : (networkErrorCode(error) ?? 'network-error') }
      }
      const body = await readJson(response)
      if (response.ok) {
        const parsed = successSchema.safeParse(body)
        if (!parsed.success) return { kind: 'unreachable', code: 'bad-answer' }
        const data = parsed.data.data
        return {
          kind: 'read',
          reading: {
            transRef: data.transRef,
            amount: bahtToSatang(data.amount),
            transferredAt: bangkokInstant(data.transDate, data.transTime),
            sendingBank: data.sendingBank ?? null,
            receivingBank: data.receivingBank ?? null,
            receiverAccount: data.receiver?.account?.value ?? null,
            receiverProxy: data.receiver?.proxy?.value ?? null,
            senderName: partyName(data.sender),
            receiverName: partyName(data.receiver),
          },
        }
      }
      const error = errorSchema.safeParse(body)
      const code = error.success ? String(error.data.code) : `http-${response.status}`
      if (response.status === 400 && SLIP_FAULTS.has(code)) return { kind: 'refused', code }
      return { kind: 'unreachable', code }
    },
  }
}

/**
 * The demo's verifier (no provider configured, demo mode only): it asks nobody and trusts the slip's QR, reading the
 * order's amount due, the shop's account and now. Labelled `demo` wherever a reading is shown.
 */
export function createDemoSlipVerifier(shop: ShopAccount, now: () => Date = () => new Date()): SlipVerifier {
  return {
    id: 'demo',
    async verify({ transRef, amountDue }) {
      return {
        kind: 'read',
        reading: {
          transRef,
          amount: amountDue,
          transferredAt: now().toISOString(),
          sendingBank: null,
          receivingBank: null,
          receiverAccount: shop.accountNumber,
          receiverProxy: null,
          senderName: null,
          receiverName: null,
        },
      }
    },
  }
}

/**
 * Live mode without a provider configured: nobody is asked and nothing is trusted, so every slip waits for staff
 * (reason provider_unreachable, code not-configured). The demo verifier is never used with real money.
 */
export function createUnconfiguredSlipVerifier(): SlipVerifier {
  return { id: 'none', verify: async () => ({ kind: 'unreachable', code: 'not-configured' }) }
}
