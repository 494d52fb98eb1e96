import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A SlipOK stand-in on loopback that answers as its documented API does (https://slipok.com/api-documentation/):
 * `POST /api/line/apikey/{branchId}` with the `x-authorization` key and `{ data: <QR text> }`; 200 with
 * `{ success: true, data: { transRef, sendingBank, receivingBank, transDate, transTime, amount, sender, receiver } }`
 * for a slip it knows (the bank's), 400 `{ code, message }` otherwise (1002 a wrong key, 1008 not a slip QR, 1011 a slip
 * the bank does not know). `down` makes it answer 500, as SlipOK's own trouble would.
 */
export type FakeSlip = {
  transRef: string
  /** Baht, as SlipOK writes it. */
  amount: number
  /** The transfer's Bangkok date (yyyyMMdd) and time (HH:mm:ss). */
  transDate: string
  transTime: string
  receiverAccount: string | null
  receiverProxy?: string | null
  sendingBank?: string
}

export type FakeSlipOk = {
  url: string
  branchId: string
  apiKey: string
  slips: Map<string, FakeSlip>
  calls: Array<{ path: string; key: string | undefined; body: string }>
  down: boolean
  close(): Promise<void>
}

/** Bangkok's yyyyMMdd and HH:mm:ss of an instant. */
export function bangkokDateTime(at: Date): { transDate: string; transTime: string } {
  const local = new Date(at.getTime() + 7 * 60 * 60 * 1000).toISOString()
  return { transDate: local.slice(0, 10).replace(/-/g, ''), transTime: local.slice(11, 19) }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** The reference in a slip QR's text (tag 00, sub-tag 02), as SlipOK reads it. */
function referenceOf(payload: string): string | null {
  const head = /^00(\d{2})/.exec(payload)
  if (!head) return null
  const inner = payload.slice(4, 4 + Number(head[1]))
  let at = 0
  while (at + 4 <= inner.length) {
    const id = inner.slice(at, at + 2)
    const length = Number(inner.slice(at + 2, at + 4))
    if (id === '02') return inner.slice(at + 4, at + 4 + length)
    at += 4 + length
  }
  return null
}

export async function startFakeSlipOk(): Promise<FakeSlipOk> {
  const fake: Omit<FakeSlipOk, 'url' | 'close'> = {
    branchId: '41234',
    apiKey: 'SLIPOK_TEST_KEY_0123456789',
    slips: new Map(),
    calls: [],
    down: false,
  }
  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request)
      const key = request.headers['x-authorization']
      fake.calls.push({ path: request.url ?? '', key: typeof key === 'string' ? key : undefined, body })
      const answer = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' })
        response.end(JSON.stringify(value))
      }
      if (fake.down) return answer(500, { message: 'Internal Server Error' })
      if (request.method !== 'POST' || request.url !== `/api/line/apikey/${fake.branchId}`) {
        return answer(404, { code: 1001, message: 'ไม่พบข้อมูลสาขา' })
      }
      if (key !== fake.apiKey) return answer(401, { code: 1002, message: 'Authorization Header ไม่ถูกต้อง' })
      let data: string
      try {
        data = String((JSON.parse(body) as { data?: unknown }).data ?? '')
      } catch {
        return answer(400, { code: 1000, message: 'กรุณาใส่ข้อมูล QR Code ให้ครบในช่อง data' })
      }
      const reference = referenceOf(data)
      if (!reference) return answer(400, { code: 1008, message: 'QR ดังกล่าวไม่ใช่ QR สำหรับตรวจสอบการชำระเงิน' })
      const slip = fake.slips.get(reference)
      if (!slip) return answer(400, { code: 1011, message: 'ไม่พบสลิปนี้ในระบบธนาคาร' })
      return answer(200, {
        success: true,
        data: {
          success: true,
          message: '✅',
          language: 'TH',
          transRef: slip.transRef,
          sendingBank: slip.sendingBank ?? '004',
          receivingBank: '004',
          transDate: slip.transDate,
          transTime: slip.transTime,
          transTimestamp: `${slip.transDate}T${slip.transTime}+07:00`,
          sender: { displayName: 'นาย สมชาย ใ', name: 'Mr. Somchai J', account: { value: 'xxx-x-x1234-x' } },
          receiver: {
            displayName: 'บจก. อาเตอลิเย่ร์',
            name: 'ATELIER SIAM CO',
            account: { value: slip.receiverAccount },
            proxy: { type: slip.receiverProxy ? 'MSISDN' : null, value: slip.receiverProxy ?? null },
          },
          amount: slip.amount,
          paidLocalAmount: slip.amount,
          countryCode: 'TH',
          transFeeAmount: 0,
          ref1: '',
          ref2: '',
          ref3: '',
          toMerchantId: '',
        },
      })
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  })
}
