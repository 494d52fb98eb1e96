import { z } from '@hono/zod-openapi'
import { PRODUCT_TAGS } from '~/domain/catalog'
import { CODE_STATES, PROMOTION_KINDS } from '~/domain/promotion-codes'
import { MEMBER_TIERS } from '~/domain/membership'
import { nullable } from './nullable'

/**
 * Promotions in the admin API (issue 32 item 5, decision 193): the shop's discount codes (NEW200's rules, dates, uses
 * and a switch), the mix-and-match bundle prices per currency with the pieces that carry the tag, and the member tier
 * rules of §6 as the shop applies them (read-only). Amounts in minor units; snake_case on the wire.
 */

const isoTime = z.string().openapi({ format: 'date-time' })
const amount = z.int().min(0).max(2_147_483_647)

const currencyRules = z
  .object({
    amount: nullable(amount).openapi({
      description: 'An amount code: the amount off (required). A percent code: the most it takes off (null: no cap)',
    }),
    minimum: amount.openapi({ description: 'The least the eligible pieces must come to (0: no minimum)' }),
  })
  .openapi('AdminPromotionCurrencyRules')

export const adminPromotionCodeIdParam = z.object({ id: z.uuid() })

export const adminPromotionCodeSchema = z
  .object({
    id: z.uuid(),
    code: z.string(),
    kind: z.enum(PROMOTION_KINDS),
    percent: z.int().nullable(),
    thb: nullable(currencyRules).openapi({ description: 'Null: the code is not valid in THB' }),
    usd: nullable(currencyRules).openapi({ description: 'Null: the code is not valid in USD' }),
    exclude_tags: z.array(z.enum(PRODUCT_TAGS)),
    exclude_categories: z.array(z.string()),
    starts_at: nullable(isoTime),
    ends_at: nullable(isoTime),
    uses_per_member: z.int().nullable(),
    uses_total: z.int().nullable(),
    uses: z.int().openapi({ description: 'The orders that took the code so far' }),
    active: z.boolean(),
    state: z.enum(CODE_STATES).openapi({ description: 'Where the code stands now: only `live` is taken at checkout' }),
    created_at: isoTime,
    updated_at: isoTime,
  })
  .openapi('AdminPromotionCode')

export const adminPromotionCodeListSchema = z
  .object({
    items: z.array(adminPromotionCodeSchema),
    categories: z
      .array(z.object({ slug: z.string(), name: z.string() }))
      .openapi({ description: 'The categories a code may leave out, in the staff member’s language' }),
  })
  .openapi('AdminPromotionCodeList')

/** Signed, so that a negative amount or percentage gets the rules' own answer (`positive`), not the schema's. */
const signed = z.int().min(-2_147_483_647).max(2_147_483_647)
const rulesInput = z.object({ amount: nullable(signed), minimum: amount })

const when = z.iso.datetime({ offset: true }).nullable().default(null)
const uses = z.int().min(0).max(10_000_000).nullable().default(null)

export const adminPromotionCodeBody = z
  .object({
    code: z.string().trim().min(1).max(40).openapi({ description: '3–20 letters and digits; kept in capitals' }),
    kind: z.enum(PROMOTION_KINDS),
    percent: nullable(signed).default(null),
    thb: nullable(rulesInput).default(null),
    usd: nullable(rulesInput).default(null),
    exclude_tags: z.array(z.enum(PRODUCT_TAGS)).max(PRODUCT_TAGS.length).default([]),
    exclude_categories: z.array(z.string().min(1).max(80)).max(100).default([]),
    starts_at: when,
    ends_at: when,
    uses_per_member: uses,
    uses_total: uses,
    active: z.boolean().default(true),
  })
  .openapi('AdminPromotionCodeInput', {
    description:
      'A code whole: its text, an amount or a percentage, per currency it is valid in the amount (or cap) and the ' +
      'minimum, the tags and categories it leaves out, its dates, its uses per member and in all, and whether it is on',
  })

const bundle = z.object({
  size: z.union([z.literal(3), z.literal(5)]),
  thb: z.int().min(1).max(99_999_999),
  usd: z.int().min(1).max(99_999_999),
})

export const adminMixMatchSchema = z
  .object({
    prices: z.array(bundle),
    updated_at: nullable(isoTime),
    products: z.array(z.object({ id: z.string(), name: z.string(), colour: z.string() })).openapi({
      description: 'The pieces (a model in a colour) carrying the mix_match tag; the tag is edited with the products',
    }),
  })
  .openapi('AdminMixMatch')

export const adminMixMatchBody = z
  .object({ prices: z.array(bundle).length(2) })
  .openapi('AdminMixMatchInput', { description: 'The price of a bundle of 3 and of 5 different pieces, per currency' })

export const adminTierRulesSchema = z
  .object({
    tiers: z.array(
      z.object({
        tier: z.enum(MEMBER_TIERS),
        threshold_thb: z.int().openapi({ description: 'Spending in a cycle that earns the tier (satang)' }),
        percent: z.int().openapi({ description: 'The monthly code’s discount (0: none)' }),
      }),
    ),
    cycle_months: z.int(),
    status_months: z.int(),
    monthly_cap_thb: z.int(),
    minimum_thb: z.int(),
    code_valid_months: z.int(),
    birth_month: z.object({ percent: z.int(), cap_thb: z.int() }),
    excluded_tags: z.array(z.enum(PRODUCT_TAGS)),
    excluded_categories: z.array(z.string()),
  })
  .openapi('AdminTierRules')
