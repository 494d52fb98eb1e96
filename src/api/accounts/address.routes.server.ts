import { createRoute } from '@hono/zod-openapi'
import type { Db } from '~/db/client.server'
import { validateAddress } from '~/domain/address'
import { getThaiPostal } from '~/geo/thai-postal.server'
import { security, body, createSubApp, json, refused, toWire } from '~/api/http.server'
import {
  addressBody,
  addressCheckSchema,
  addressIdParam,
  addressListSchema,
  addressSchema,
  newAddressBody,
} from '~/contract/accounts'
import { AddressService } from './address.service'
import { addressInputOf } from './address-wire'
import { memberOfRequest } from './member-request.server'
import type { SessionService } from './sessions.service'

/** The member's address book (§5), and the check of an address against the rules and the Thai postal data. */
export function createAddressRoutes(options: { db: Db; sessions: SessionService }) {
  const { sessions } = options
  const addresses = new AddressService(options.db)
  const app = createSubApp()

  app.openapi(
    createRoute({
      method: 'get',
      path: '/me/addresses',
      operationId: 'listAddresses',
      summary: 'The address book, default first',
      security: security.member,
      responses: { 200: json(addressListSchema, 'Addresses'), 401: refused('Not logged in') },
    }),
    async (c) => {
      const current = await memberOfRequest(sessions, c)
      return c.json(toWire(addressListSchema, { items: await addresses.list(current.id) }), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/me/addresses',
      operationId: 'addAddress',
      summary: 'Add an address (the first one becomes the default)',
      security: security.member,
      request: body(newAddressBody),
      responses: {
        201: json(addressSchema, 'Added'),
        400: refused('Field codes of §5'),
        401: refused('Not logged in'),
        409: refused('Address book full'),
      },
    }),
    async (c) => {
      const current = await memberOfRequest(sessions, c)
      const input = c.req.valid('json')
      const added = await addresses.add(current.id, addressInputOf(input), input.is_default)
      return c.json(toWire(addressSchema, added), 201)
    },
  )

  app.openapi(
    createRoute({
      method: 'put',
      path: '/me/addresses/{id}',
      operationId: 'updateAddress',
      summary: 'Change an address',
      security: security.member,
      request: { params: addressIdParam, ...body(addressBody) },
      responses: {
        200: json(addressSchema, 'Saved'),
        400: refused('Field codes of §5'),
        401: refused('Not logged in'),
        404: refused('No such address'),
      },
    }),
    async (c) => {
      const current = await memberOfRequest(sessions, c)
      const saved = await addresses.update(current.id, c.req.valid('param').id, addressInputOf(c.req.valid('json')))
      return c.json(toWire(addressSchema, saved), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/me/addresses/{id}',
      operationId: 'deleteAddress',
      summary: 'Remove an address',
      security: security.member,
      request: { params: addressIdParam },
      responses: { 204: { description: 'Removed' }, 401: refused('Not logged in'), 404: refused('No such address') },
    }),
    async (c) => {
      const current = await memberOfRequest(sessions, c)
      await addresses.remove(current.id, c.req.valid('param').id)
      return c.body(null, 204)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/me/addresses/{id}/default',
      operationId: 'setDefaultAddress',
      summary: 'Make an address the default',
      security: security.member,
      request: { params: addressIdParam },
      responses: {
        200: json(addressSchema, 'Now the default'),
        401: refused('Not logged in'),
        404: refused('No such address'),
      },
    }),
    async (c) => {
      const current = await memberOfRequest(sessions, c)
      return c.json(toWire(addressSchema, await addresses.setDefault(current.id, c.req.valid('param').id)), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/addresses/check',
      operationId: 'checkAddress',
      security: security.none,
      summary: 'Check an address against the rules of §5 and the Thai postal data, field by field',
      request: body(addressBody),
      responses: { 200: json(addressCheckSchema, 'The first failing rule per field') },
    }),
    async (c) => {
      const input = addressInputOf(c.req.valid('json'))
      const errors = validateAddress(input, { thai: await getThaiPostal() })
      const fields = Object.fromEntries(Object.entries(errors))
      return c.json(toWire(addressCheckSchema, { fields }), 200)
    },
  )

  return app
}
