import { z } from 'zod/mini'
import { ADDRESS_FIELDS, type AddressInput } from '~/domain/address-core'

/*
 * The inputs of the address server functions (address.functions.ts, address-book.functions.ts, and checkout's
 * delivery address in checkout.functions.ts). The validators' schemas are built by functions, called only inside
 * `.validator()`: Start strips validators from the browser's code, and a schema made at module level (zod's
 * `.check()` is not known to be pure) would keep zod in the address form's first load (issue 29, item 24).
 */
export const addressInput = () => {
  const field = z.string().check(z.maxLength(300))
  return z.object(
    Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, field])) as Record<keyof AddressInput, typeof field>,
  )
}
export const addressId = () =>
  z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i))
export const placeName = () => z.string().check(z.maxLength(100))
