import { createRoute, z } from '@hono/zod-openapi'
import { createSubApp, json, refused, security, toWire } from '~/api/http.server'
import { ApiError } from '~/api/errors'
import { orderNumberParam, orderViewQuery } from '~/contract/commerce'
import { shopperSlipStateSchema, SLIP_REJECT_REASONS } from '~/contract/slips'
import type { OrdersService } from './orders.service'
import type { CommerceCallers } from './callers.server'
import { orderLang } from './order-wire'
import { SlipFileRefused, SLIP_MAX_BYTES } from './slip-image.server'
import { rejectWords, type TransferSlips } from './slips.service'
import type { TransferSlipRow } from '~/db/schema'

/** The refusals of a slip's file, in the shopper's language (the storefront shows its own words for `fields.slip`). */
const FILE_WORDS = {
  notImage: {
    th: 'ไฟล์นี้ไม่ใช่รูปภาพสลิป โปรดเลือกรูป JPEG, PNG หรือ WebP',
    en: 'This file is not a slip picture: choose a JPEG, PNG or WebP image',
  },
  tooLarge: { th: 'รูปสลิปใหญ่เกิน 5 MB', en: 'The slip picture is larger than 5 MB' },
} as const

/** The slip as its shopper sees it: its state, and a rejection's reason in their language. */
function shopperSlip(slip: TransferSlipRow | null, lang: 'th' | 'en') {
  if (!slip) return null
  const [reason, ...note] = (slip.decisionNote ?? '').split(': ')
  const known = SLIP_REJECT_REASONS.find((candidate) => candidate === reason)
  return {
    status: slip.status as 'paid' | 'review' | 'confirmed' | 'rejected',
    uploadedAt: slip.createdAt.toISOString(),
    rejection:
      slip.status === 'rejected' && known
        ? { reason: known, words: rejectWords(known, lang), note: note.length ? note.join(': ') : null }
        : null,
  }
}

/**
 * The shopper's transfer slip (issue 31 item 6): the order's member, or a guest with its token, uploads the slip's
 * picture as the request body (at most 5 MB; JPEG, PNG or WebP by its content) and reads its state.
 */
export function createSlipRoutes({
  orders,
  slips,
  callers,
}: {
  orders: OrdersService
  slips: TransferSlips
  callers: CommerceCallers
}) {
  const app = createSubApp()
  const picture = z.string().openapi({ type: 'string', format: 'binary' })

  app.openapi(
    createRoute({
      method: 'get',
      path: '/orders/{number}/slip',
      operationId: 'getTransferSlip',
      summary: 'The latest transfer slip of a bank transfer order and where it stands',
      security: security.order,
      request: { params: orderNumberParam, query: orderViewQuery },
      responses: {
        200: json(shopperSlipStateSchema, 'The slip, or null'),
        400: refused('Not a language of the shop'),
        404: refused('No such order (or not yours)'),
      },
    }),
    async (c) => {
      const order = await orders.forViewer(c.req.valid('param').number, await callers.orderViewer(c))
      const lang = c.req.valid('query').lang ?? orderLang(order)
      c.header('Cache-Control', 'private, no-store')
      return c.json(
        toWire(shopperSlipStateSchema, {
          slip: shopperSlip(await slips.latestOf(order.id), lang),
          orderStatus: order.status,
        }),
        200,
      )
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/orders/{number}/slip',
      operationId: 'uploadTransferSlip',
      summary: 'Upload the transfer slip of an unpaid bank transfer order: a match pays it, else the shop checks it',
      description:
        `The picture is the body (image/jpeg, image/png or image/webp; at most ${SLIP_MAX_BYTES} bytes), checked by ` +
        'its content. Its QR is read on the server and the slip verified; a slip of the amount due, to the shop, ' +
        'sent after the order and never used before pays the order (status paid); any other waits for the shop ' +
        '(status review). Refusals: 413 and 415 SLIP_REFUSED with fields.slip tooLarge or notImage, the message in ' +
        'the asked language.',
      security: security.order,
      request: {
        params: orderNumberParam,
        query: orderViewQuery,
        body: {
          required: true,
          content: {
            'image/jpeg': { schema: picture },
            'image/png': { schema: picture },
            'image/webp': { schema: picture },
          },
        },
      },
      responses: {
        201: json(shopperSlipStateSchema, 'Kept: paid, or being checked'),
        400: refused('Not a language of the shop'),
        404: refused('No such order (or not yours)'),
        409: refused('Not an unpaid bank transfer order (NOT_ALLOWED)'),
        413: refused('Larger than 5 MB (SLIP_REFUSED, fields.slip tooLarge)'),
        415: refused('Not a JPEG, PNG or WebP picture (SLIP_REFUSED, fields.slip notImage)'),
      },
    }),
    async (c) => {
      const order = await orders.forViewer(c.req.valid('param').number, await callers.orderViewer(c))
      const lang = c.req.valid('query').lang ?? orderLang(order)
      const declared = Number(c.req.header('content-length') ?? 0)
      try {
        if (declared > SLIP_MAX_BYTES) throw new SlipFileRefused('tooLarge')
        const bytes = new Uint8Array(await c.req.arrayBuffer())
        const slip = await slips.upload(order, bytes)
        const after = await orders.requireByNumber(order.number)
        return c.json(toWire(shopperSlipStateSchema, { slip: shopperSlip(slip, lang), orderStatus: after.status }), 201)
      } catch (error) {
        if (!(error instanceof SlipFileRefused)) throw error
        throw new ApiError(error.problem === 'tooLarge' ? 413 : 415, 'SLIP_REFUSED', FILE_WORDS[error.problem][lang], {
          fields: { slip: error.problem },
        })
      }
    },
  )

  return app
}
