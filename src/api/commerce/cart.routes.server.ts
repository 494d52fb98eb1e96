import { createRoute, type z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { CatalogService } from '~/api/catalog/catalog.service'
import { security, body, createSubApp, json, refused, toWire } from '~/api/http.server'
import { langOnlyQuery } from '~/contract/catalog'
import {
  addItemBody,
  cartQuery,
  cartSchema,
  lineParam,
  mergeBody,
  quantityBody,
  wishlistParam,
  wishlistSchema,
  type CartWire,
} from '~/contract/commerce'
import type { CartOwner, CartService } from './cart.service'
import type { CartView } from './cart-view'
import type { WishlistService } from './wishlist.service'
import type { CommerceCallers } from './callers.server'

/** The cart and wishlist endpoints of the product API. */
export function createCartRoutes({
  carts,
  wishlist,
  catalog,
  callers,
}: {
  carts: CartService
  wishlist: WishlistService
  catalog: CatalogService
  callers: CommerceCallers
}) {
  const app = createSubApp()

  function cartBody(c: Context, view: CartView, cartToken?: string | null): CartWire {
    c.header('Cache-Control', 'private, no-store')
    return { ...toWire(cartSchema, view), ...(cartToken ? { cart_token: cartToken } : {}) }
  }

  /** The cart after a change, read again in the asked language and currency. */
  async function cartAfter(c: Context, who: CartOwner, query: z.output<typeof cartQuery>): Promise<CartWire> {
    return cartBody(c, await carts.view(who, query.currency, query.lang))
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/cart',
      operationId: 'getCart',
      summary: 'The cart, re-priced: changed prices, sold-out sizes and items of another region flagged',
      security: security.cart,
      request: { query: cartQuery },
      responses: { 200: json(cartSchema, 'The cart (empty when there is none)') },
    }),
    async (c) => {
      const { lang, currency } = c.req.valid('query')
      return c.json(cartBody(c, await carts.view(await callers.cartOwner(c), currency, lang)), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cart/items',
      operationId: 'addCartItem',
      summary: 'Add a size to the cart (a guest cart is started and its token returned once)',
      security: security.cart,
      request: { query: cartQuery, ...body(addItemBody) },
      responses: {
        201: json(cartSchema, 'The cart'),
        400: refused('Invalid input'),
        404: refused('Unknown size'),
        409: refused('Out of stock, or the cart is full'),
      },
    }),
    async (c) => {
      const { lang, currency } = c.req.valid('query')
      const input = c.req.valid('json')
      const who = await callers.cartOwner(c)
      const added = await carts.add(who, { sku: input.sku, quantity: input.quantity, currency, lang })
      const view = added.view ?? (await carts.viewOf(added.cart, currency, lang))
      const newToken = added.newToken
      return c.json(cartBody(c, view, newToken), 201)
    },
  )

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/cart/items/{id}',
      operationId: 'setCartItemQuantity',
      summary: 'Change the quantity of a line',
      security: security.cart,
      request: { params: lineParam, query: cartQuery, ...body(quantityBody) },
      responses: { 200: json(cartSchema, 'The cart'), 404: refused('No such line'), 409: refused('Not enough stock') },
    }),
    async (c) => {
      const who = await callers.cartOwner(c)
      await carts.setQuantity(who, c.req.valid('param').id, c.req.valid('json').quantity)
      return c.json(await cartAfter(c, who, c.req.valid('query')), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/cart/items/{id}',
      operationId: 'removeCartItem',
      summary: 'Remove a line',
      security: security.cart,
      request: { params: lineParam, query: cartQuery },
      responses: { 200: json(cartSchema, 'The cart'), 404: refused('No such line') },
    }),
    async (c) => {
      const who = await callers.cartOwner(c)
      await carts.remove(who, c.req.valid('param').id)
      return c.json(await cartAfter(c, who, c.req.valid('query')), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cart/items/{id}/wishlist',
      operationId: 'moveCartItemToWishlist',
      summary: 'Move a line to the wishlist (members)',
      security: security.member,
      request: { params: lineParam, query: cartQuery },
      responses: { 200: json(cartSchema, 'The cart'), 401: refused('Log in first'), 404: refused('No such line') },
    }),
    async (c) => {
      const who = await callers.cartOwner(c)
      await carts.moveToWishlist(who, c.req.valid('param').id)
      return c.json(await cartAfter(c, who, c.req.valid('query')), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cart/accept-prices',
      operationId: 'acceptCartPrices',
      summary: 'The shopper saw the current prices: the lines take them',
      security: security.cart,
      request: { query: cartQuery },
      responses: { 200: json(cartSchema, 'The cart') },
    }),
    async (c) => {
      const who = await callers.cartOwner(c)
      await carts.acceptPrices(who)
      return c.json(await cartAfter(c, who, c.req.valid('query')), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cart/move-to-region',
      operationId: 'moveCartToRegion',
      summary: 'Lines added under another region are added again in this currency, at today’s price (§5)',
      security: security.cart,
      request: { query: cartQuery },
      responses: { 200: json(cartSchema, 'The cart') },
    }),
    async (c) => {
      const query = c.req.valid('query')
      const who = await callers.cartOwner(c)
      await carts.moveToRegion(who, query.currency)
      return c.json(await cartAfter(c, who, query), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cart/merge',
      operationId: 'mergeCart',
      summary: 'At login: the guest cart of this token joins the member’s cart',
      security: security.member,
      request: { query: cartQuery, ...body(mergeBody) },
      responses: { 200: json(cartSchema, 'The member’s cart'), 401: refused('Log in first') },
    }),
    async (c) => {
      const { lang, currency } = c.req.valid('query')
      const member = await callers.requireMember(c)
      await carts.mergeGuestCart(member.id, c.req.valid('json').cart_token)
      return c.json(cartBody(c, await carts.view({ memberId: member.id, token: null }, currency, lang)), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/me/wishlist',
      operationId: 'getWishlist',
      summary: 'The member’s wishlist, newest first',
      security: security.member,
      request: { query: cartQuery },
      responses: { 200: json(wishlistSchema, 'Wishlist'), 401: refused('Log in first') },
    }),
    async (c) => {
      const member = await callers.requireMember(c)
      const { lang, currency } = c.req.valid('query')
      const rows = await wishlist.list(member.id)
      c.header('Cache-Control', 'private, no-store')
      return c.json(
        {
          items: await catalog.summaries(rows, lang, currency),
          product_ids: rows.map((row) => row.id),
        } satisfies z.infer<typeof wishlistSchema>,
        200,
      )
    },
  )

  app.openapi(
    createRoute({
      method: 'put',
      path: '/me/wishlist/{product_id}',
      operationId: 'addToWishlist',
      summary: 'Keep a product in the wishlist',
      security: security.member,
      request: { params: wishlistParam, query: langOnlyQuery },
      responses: { 204: { description: 'Kept' }, 401: refused('Log in first'), 404: refused('Unknown product') },
    }),
    async (c) => {
      const member = await callers.requireMember(c)
      await wishlist.add(member.id, c.req.valid('param').product_id)
      return c.body(null, 204)
    },
  )

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/me/wishlist/{product_id}',
      operationId: 'removeFromWishlist',
      summary: 'Take a product out of the wishlist',
      security: security.member,
      request: { params: wishlistParam },
      responses: { 204: { description: 'Removed' }, 401: refused('Log in first') },
    }),
    async (c) => {
      const member = await callers.requireMember(c)
      await wishlist.remove(member.id, c.req.valid('param').product_id)
      return c.body(null, 204)
    },
  )
  return app
}
