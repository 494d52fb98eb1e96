import { z } from 'zod/mini'
import { currencyOrDefaultInput, langOrDefaultInput } from '~/contract/common'

/*
 * The inputs of the cart's server functions (cart, add and lines .functions.ts), built inside `.validator()` only.
 * A module of their own, as catalog.inputs.ts: in the browser the server functions are calls without their
 * validators, so nothing imports these there and zod stays out of the first load (decisions 026, 120).
 */
export const where = () => ({ lang: langOrDefaultInput(), currency: currencyOrDefaultInput() })
/** A cart line's id (a UUID). */
export const lineId = () => z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i))
