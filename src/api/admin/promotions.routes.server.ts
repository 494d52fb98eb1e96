import { body, json, refused, toWire } from '~/api/http.server'
import {
  adminMixMatchBody,
  adminMixMatchSchema,
  adminPromotionCodeBody,
  adminPromotionCodeIdParam,
  adminPromotionCodeListSchema,
  adminPromotionCodeSchema,
  adminTierRulesSchema,
} from '~/contract/admin-promotions'
import {
  BIRTH_MONTH_CAP_THB,
  BIRTH_MONTH_PERCENT,
  CODE_VALID_MONTHS,
  CYCLE_MONTHS,
  MEMBER_CODE_EXCLUDED_CATEGORIES,
  MEMBER_CODE_EXCLUDED_TAGS,
  MONTHLY_CODE_CAP_THB,
  STATUS_MONTHS,
  TIER_DISCOUNT_PERCENT,
  VIP_THRESHOLD_THB,
  VVIP_THRESHOLD_THB,
} from '~/domain/membership'
import { PROMOTION_MINIMUM_THB } from '~/domain/promotions'
import {
  actorOf,
  adminRoute,
  auditContextOf,
  createAdminSubApp,
  createRoute,
  requirePermission,
  DENIED,
} from './guard.server'
import type { AdminPromotions, CodeInput } from './promotions.service'

/** Promotions are marketing's (and the manager's and owner's): reading them asks the same permission as changing. */
const access = requirePermission('promotions:write')

type CodeBody = ReturnType<(typeof adminPromotionCodeBody)['parse']>

function inputOf(body: CodeBody): CodeInput {
  return {
    code: body.code,
    kind: body.kind,
    percent: body.percent,
    thb: body.thb,
    usd: body.usd,
    excludeTags: body.exclude_tags,
    excludeCategories: body.exclude_categories,
    startsAt: body.starts_at,
    endsAt: body.ends_at,
    usesPerMember: body.uses_per_member,
    usesTotal: body.uses_total,
    active: body.active,
  }
}

/** The member tier rules of §6 as the shop applies them (membership.ts): shown, not changed. */
export const TIER_RULES = {
  tiers: [
    { tier: 'member' as const, thresholdThb: 0, percent: 0 },
    { tier: 'vip' as const, thresholdThb: VIP_THRESHOLD_THB, percent: TIER_DISCOUNT_PERCENT.vip },
    { tier: 'vvip' as const, thresholdThb: VVIP_THRESHOLD_THB, percent: TIER_DISCOUNT_PERCENT.vvip },
  ],
  cycleMonths: CYCLE_MONTHS,
  statusMonths: STATUS_MONTHS,
  monthlyCapThb: MONTHLY_CODE_CAP_THB,
  minimumThb: PROMOTION_MINIMUM_THB,
  codeValidMonths: CODE_VALID_MONTHS,
  birthMonth: { percent: BIRTH_MONTH_PERCENT, capThb: BIRTH_MONTH_CAP_THB },
  excludedTags: [...MEMBER_CODE_EXCLUDED_TAGS],
  excludedCategories: [...MEMBER_CODE_EXCLUDED_CATEGORIES],
}

/**
 * Promotions (issue 32 item 5, decision 193): the shop's discount codes (list with their uses, one, create, change,
 * switch off), the mix-and-match bundle prices, and the member tier rules read-only.
 */
export function createPromotionRoutes(promotions: AdminPromotions, now: () => Date) {
  const app = createAdminSubApp()

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/promotions/codes',
          operationId: 'adminPromotionCodeList',
          summary: 'The shop’s discount codes with their uses so far and where each stands now; the categories',
          access,
          responses: { 200: json(adminPromotionCodeListSchema, 'Every code, live ones first'), ...DENIED },
        },
        now,
      ),
    ),
    async (c) => c.json(toWire(adminPromotionCodeListSchema, await promotions.list(actorOf(c).language)), 200),
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/promotions/codes',
          operationId: 'adminPromotionCodeCreate',
          summary: 'A new discount code, taken at checkout between its dates while it has uses left',
          access,
          request: body(adminPromotionCodeBody),
          responses: {
            201: json(adminPromotionCodeSchema, 'Created'),
            400: refused('Bad input: fields name each problem (text, percent, amounts, dates, uses, categories)'),
            ...DENIED,
            409: refused('Another code has this text, whatever the case (CODE_EXISTS)'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const created = await promotions.create(inputOf(c.req.valid('json')), auditContextOf(c))
      return c.json(toWire(adminPromotionCodeSchema, created), 201)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/promotions/codes/{id}',
          operationId: 'adminPromotionCodeGet',
          summary: 'A discount code',
          access,
          request: { params: adminPromotionCodeIdParam },
          responses: {
            200: json(adminPromotionCodeSchema, 'The code'),
            400: refused('Not a code id'),
            ...DENIED,
            404: refused('No such code'),
          },
        },
        now,
      ),
    ),
    async (c) => c.json(toWire(adminPromotionCodeSchema, await promotions.get(c.req.valid('param').id)), 200),
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'put',
          path: '/promotions/codes/{id}',
          operationId: 'adminPromotionCodeUpdate',
          summary: 'A discount code changed whole (its text only while no order has taken it)',
          access,
          request: { params: adminPromotionCodeIdParam, ...body(adminPromotionCodeBody) },
          responses: {
            200: json(adminPromotionCodeSchema, 'Changed'),
            400: refused('Bad input: fields name each problem'),
            ...DENIED,
            404: refused('No such code'),
            409: refused(
              'Another code has this text (CODE_EXISTS); orders took this code, its text stays (NOT_ALLOWED)',
            ),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const { id } = c.req.valid('param')
      const updated = await promotions.update(id, inputOf(c.req.valid('json')), auditContextOf(c))
      return c.json(toWire(adminPromotionCodeSchema, updated), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/promotions/codes/{id}/deactivate',
          operationId: 'adminPromotionCodeDeactivate',
          summary: 'Switch a code off: checkout refuses it from now on; its uses and orders stay',
          access,
          request: { params: adminPromotionCodeIdParam },
          responses: {
            200: json(adminPromotionCodeSchema, 'Switched off (or off already)'),
            400: refused('Not a code id'),
            ...DENIED,
            404: refused('No such code'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const code = await promotions.deactivate(c.req.valid('param').id, auditContextOf(c))
      return c.json(toWire(adminPromotionCodeSchema, code), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/promotions/mix-match',
          operationId: 'adminMixMatchGet',
          summary: 'The mix-and-match bundle prices per currency, and the pieces carrying the tag',
          access,
          responses: { 200: json(adminMixMatchSchema, 'The prices and the pieces'), ...DENIED },
        },
        now,
      ),
    ),
    async (c) => c.json(toWire(adminMixMatchSchema, await promotions.mixMatch(actorOf(c).language)), 200),
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'put',
          path: '/promotions/mix-match',
          operationId: 'adminMixMatchUpdate',
          summary: 'New bundle prices: 3 and 5 pieces in THB and USD, the bundle of 5 dearer than the bundle of 3',
          access,
          request: body(adminMixMatchBody),
          responses: {
            200: json(adminMixMatchSchema, 'Saved: the shop prices bundles with them from its next answer'),
            400: refused('A size missing, a price not positive, 5 pieces not dearer than 3'),
            ...DENIED,
          },
        },
        now,
      ),
    ),
    async (c) => {
      await promotions.setMixMatch(c.req.valid('json').prices, auditContextOf(c))
      return c.json(toWire(adminMixMatchSchema, await promotions.mixMatch(actorOf(c).language)), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/promotions/tiers',
          operationId: 'adminTierRules',
          summary: 'The member tier rules of §6 as the shop applies them: thresholds, discounts, the birth-month code',
          access,
          responses: { 200: json(adminTierRulesSchema, 'The rules (constants; read-only)'), ...DENIED },
        },
        now,
      ),
    ),
    (c) => c.json(toWire(adminTierRulesSchema, TIER_RULES), 200),
  )

  return app
}
