import type { CamelCasedPropertiesDeep } from 'type-fest'
import type { z } from 'zod'
import type { historySchema, orderSchema, quoteSchema } from '~/contract/commerce'

/** The API's answers as the storefront reads them (camelCase, §7). */
export type Quote = CamelCasedPropertiesDeep<z.output<typeof quoteSchema>>
export type Order = CamelCasedPropertiesDeep<z.output<typeof orderSchema>>
export type OrderHistory = CamelCasedPropertiesDeep<z.output<typeof historySchema>>
