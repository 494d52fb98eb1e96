import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { GENDERS, PRODUCT_STATUSES, type ProductTag } from '../domain/catalog'
import { DEFAULT_LOW_STOCK_THRESHOLD, STOCK_MOVEMENT_REASONS, STOCK_TRANSFER_STATUSES } from '../domain/stock'
import { MEMBER_GENDERS, MEMBER_TIERS, type MemberGender } from '../domain/membership'
import { CURRENCIES, type Currency } from '../domain/money'
import { OTP_CHANNELS, OTP_PURPOSES } from '../domain/otp'
import { PRIVACY_REQUEST_KINDS, PRIVACY_REQUEST_SOURCES, PRIVACY_REQUEST_STATUSES } from '../domain/privacy'
import type { PrivacyExport } from '../domain/privacy-export'
import {
  DISCOUNT_KINDS,
  ORDER_STATUSES,
  type DiscountLine,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  SHIPPING_METHODS,
  type OrderCancelReason,
} from '../domain/orders'
import type { PromotionKind } from '../domain/promotion-codes'
import type { ShopEvent } from '../domain/shop-events'
import { RETURN_KINDS, RETURN_REASONS, RETURN_STATUSES, type ReturnKind } from '../domain/returns'
import type { ReceivedPiece } from '../domain/return-handling'

export const genderEnum = pgEnum('gender', GENDERS)

export const RELATION_KINDS = ['match', 'similar'] as const
export type RelationKind = (typeof RELATION_KINDS)[number]
export const relationKindEnum = pgEnum('relation_kind', RELATION_KINDS)

/**
 * Where a model stands in the shop (issue 32 item 1, decision 195): only `published` rows are shown to shoppers;
 * `scheduled` ones are switched to `published` by the worker once `publish_at` has come.
 */
export const productStatusEnum = pgEnum('product_status', PRODUCT_STATUSES)

/**
 * An image of the catalog: a path under the image endpoint, its size and its alt text; a picture uploaded in the back
 * office (decision 194) is under `media/` and may have a focal point (x, y from 0 to 1) its crops keep in view.
 */
export type CatalogImage = {
  path: string
  width: number
  height: number
  altTh: string
  altEn: string
  focal?: { x: number; y: number }
}

/** A size chart in centimetres: one row a size, one value a measurement column. */
export type SizeChart = {
  columns: Array<{ th: string; en: string }>
  rows: Array<{ size: string; values: number[] }>
}

/** Opening hours: one entry a weekday (0 = Sunday), times as HH:MM in Asia/Bangkok. */
export type OpeningHours = Array<{ day: number; opens: string; closes: string }>

/** Rich content, as text blocks only: rendered by React, never as raw HTML (sanitised by shape). */
export type RichBlock =
  | { kind: 'h2'; text: string }
  | { kind: 'p'; text: string }
  | { kind: 'quote'; text: string }
  | { kind: 'ul'; items: string[] }
  | { kind: 'image'; image: CatalogImage }
  | { kind: 'products'; productIds: string[] }

export const categories = pgTable('categories', {
  slug: text('slug').primaryKey(),
  position: integer('position').notNull(),
  nameTh: text('name_th').notNull(),
  nameEn: text('name_en').notNull(),
  /** Shoes ship only within Thailand (§9); returns excluded for accessories and jewelry. */
  domesticOnly: boolean('domestic_only').notNull().default(false),
})

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    /**
     * The product family (one model): the id of its first colour. Each row is one colour of the family
     * ("style-colour"), with its own images, variants and stock (decision 019).
     */
    familyId: text('family_id').notNull(),
    /** The colour's place in its family: 0 is the family's first colour, whose id is the family id. */
    colorPosition: integer('color_position').notNull().default(0),
    categorySlug: text('category_slug')
      .notNull()
      .references(() => categories.slug),
    gender: genderEnum('gender').notNull(),
    nameTh: text('name_th').notNull(),
    nameEn: text('name_en').notNull(),
    descriptionTh: text('description_th').notNull(),
    descriptionEn: text('description_en').notNull(),
    colorSlug: text('color_slug').notNull(),
    colorNameTh: text('color_name_th').notNull(),
    colorNameEn: text('color_name_en').notNull(),
    colorHex: text('color_hex').notNull(),
    materialTh: text('material_th').notNull(),
    materialEn: text('material_en').notNull(),
    careTh: jsonb('care_th').$type<string[]>().notNull(),
    careEn: jsonb('care_en').$type<string[]>().notNull(),
    sizeChart: jsonb('size_chart').$type<SizeChart>(),
    /** Current prices in minor units; each region is priced on its own (§3). */
    priceThb: integer('price_thb').notNull(),
    priceUsd: integer('price_usd').notNull(),
    /** The price before a sale, shown struck through; null when not on sale. */
    compareAtThb: integer('compare_at_thb'),
    compareAtUsd: integer('compare_at_usd'),
    tags: text('tags')
      .array()
      .$type<ProductTag[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    images: jsonb('images').$type<CatalogImage[]>().notNull(),
    /** Names, category, colour and material in both languages, lower-cased (what search_terms index). */
    searchText: text('search_text').notNull(),
    /** The model's status, the same on every colour of a family (decision 195); rows from before it are published. */
    status: productStatusEnum('status').notNull().default('published'),
    /** When a `scheduled` model is switched to `published` (null otherwise). */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The scheduled models' worker finds what is due without reading the catalog.
    index('products_publish_due_idx')
      .on(table.publishAt)
      .where(sql`${table.status} = 'scheduled'`),
    index('products_category_idx').on(table.categorySlug, table.createdAt),
    index('products_created_idx').on(table.createdAt),
    index('products_family_idx').on(table.familyId, table.colorPosition),
    // Listings sorted by price walk these and stop after a page (issue 16: 232 ms at 100,000 rows without them).
    index('products_price_thb_idx').on(table.priceThb, table.createdAt),
    index('products_price_usd_idx').on(table.priceUsd, table.createdAt),
  ],
)

/**
 * The search vocabulary: every distinct indexed word. Small (words, not products), so typo-tolerant
 * trigram matching over it stays fast at any catalog size.
 */
export const searchTerms = pgTable('search_terms', { term: text('term').primaryKey() }, (table) => [
  index('search_terms_trgm_idx').using('gin', sql`${table.term} gin_trgm_ops`),
])

/** Which products hold which words, and how much the word counts there (name, category, attribute). */
export const productSearchTerms = pgTable(
  'product_search_terms',
  {
    term: text('term').notNull(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    weight: smallint('weight').notNull(),
    /** The product's creation time in milliseconds, copied here so that ranking never reads products. */
    rank: bigint('rank', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.term, table.productId] }),
    index('product_search_terms_product_idx').on(table.productId),
    // Top results of one word straight from the index: best weight first, then newest.
    index('product_search_terms_ranked_idx').on(table.term, table.weight.desc(), table.rank.desc(), table.productId),
  ],
)

export const variants = pgTable(
  'variants',
  {
    sku: text('sku').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size').notNull(),
    position: integer('position').notNull(),
    /** A GTIN-8/12/13/14 with a right check digit; none yet on a duplicated model's sizes (decision 195). */
    barcode: text('barcode'),
    /** Units that can be sold online; never below zero. */
    stockOnline: integer('stock_online').notNull().default(0),
    /**
     * Staff are alerted (low_stock) when an order takes the online stock below this; set per size in the back office
     * (issue 32 item 3). 0: never. The shop's own "few left" flag is another thing (LOW_STOCK in catalog.service.ts).
     */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(DEFAULT_LOW_STOCK_THRESHOLD),
  },
  (table) => [
    uniqueIndex('variants_barcode_idx').on(table.barcode),
    uniqueIndex('variants_product_size_idx').on(table.productId, table.size),
    check('variants_stock_online_not_negative', sql`${table.stockOnline} >= 0`),
    check('variants_low_stock_threshold_range', sql`${table.lowStockThreshold} BETWEEN 0 AND 100000`),
  ],
)

export const stores = pgTable('stores', {
  id: text('id').primaryKey(),
  position: integer('position').notNull(),
  nameTh: text('name_th').notNull(),
  nameEn: text('name_en').notNull(),
  addressTh: text('address_th').notNull(),
  addressEn: text('address_en').notNull(),
  cityTh: text('city_th').notNull(),
  cityEn: text('city_en').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  phone: text('phone').notNull(),
  hours: jsonb('hours').$type<OpeningHours>().notNull(),
})

export const storeStock = pgTable(
  'store_stock',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    sku: text('sku')
      .notNull()
      .references(() => variants.sku, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.storeId, table.sku] }),
    index('store_stock_sku_idx').on(table.sku),
    check('store_stock_quantity_not_negative', sql`${table.quantity} >= 0`),
  ],
)

export const collections = pgTable(
  'collections',
  {
    slug: text('slug').primaryKey(),
    parentSlug: text('parent_slug').references((): AnyPgColumn => collections.slug, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    nameTh: text('name_th').notNull(),
    nameEn: text('name_en').notNull(),
    descriptionTh: text('description_th').notNull(),
    descriptionEn: text('description_en').notNull(),
    image: jsonb('image').$type<CatalogImage>().notNull(),
  },
  (table) => [index('collections_parent_idx').on(table.parentSlug)],
)

export const collectionProducts = pgTable(
  'collection_products',
  {
    collectionSlug: text('collection_slug')
      .notNull()
      .references(() => collections.slug, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.collectionSlug, table.productId] }),
    index('collection_products_product_idx').on(table.productId),
  ],
)

/**
 * Editorials: the shop shows the `published` ones (list, page, home hero, sitemap); a `draft` is the back office's
 * only (issue 32 item 6, decision 197). A published editorial's unpublished edits live in content_versions alone.
 */
export const editorials = pgTable(
  'editorials',
  {
    slug: text('slug').primaryKey(),
    titleTh: text('title_th').notNull(),
    titleEn: text('title_en').notNull(),
    excerptTh: text('excerpt_th').notNull(),
    excerptEn: text('excerpt_en').notNull(),
    bodyTh: jsonb('body_th').$type<RichBlock[]>().notNull(),
    bodyEn: jsonb('body_en').$type<RichBlock[]>().notNull(),
    heroImage: jsonb('hero_image').$type<CatalogImage>().notNull(),
    /** When it was first published (a draft never published: when it was made); the newest published leads the home page. */
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    /** `published` (on the shop) or `draft` (a 404 to shoppers); rows from before decision 197 are published. */
    status: text('status').notNull().default('published'),
  },
  (table) => [
    check('editorials_status', sql`${table.status} in ('draft', 'published')`),
    index('editorials_published_idx').on(table.status, table.publishedAt),
  ],
)

export const productRelations = pgTable(
  'product_relations',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    relatedId: text('related_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: relationKindEnum('kind').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.productId, table.kind, table.relatedId] })],
)

/** Content pages (info pages and the catch-all's pages: careers, supplier applications, info). */
export const contentPages = pgTable('content_pages', {
  slug: text('slug').primaryKey(),
  titleTh: text('title_th').notNull(),
  titleEn: text('title_en').notNull(),
  descriptionTh: text('description_th').notNull(),
  descriptionEn: text('description_en').notNull(),
  bodyTh: jsonb('body_th').$type<RichBlock[]>().notNull(),
  bodyEn: jsonb('body_en').$type<RichBlock[]>().notNull(),
})

/**
 * Every saved version of an edited content document (issue 32 item 6): the info pages, editorials, the home page's
 * blocks, the menu. A document is named by its kind and key (`info_page`/`delivery`, `editorial`/`<slug>`, `home`/
 * `home`, `menu`/`menu`); each save adds the next version, whole (both languages), never changing an older one. The
 * shop reads the live tables (content_pages, editorials …), which a publish or a restore writes from a version in the
 * same transaction; restoring an old version adds it again as the newest, so the history only grows.
 */
export const contentVersions = pgTable(
  'content_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentKind: text('document_kind').notNull(),
    documentKey: text('document_key').notNull(),
    version: integer('version').notNull(),
    /** The document as it was saved: its shape is the kind's (validated by the kind's zod schema before saving). */
    body: jsonb('body').$type<unknown>().notNull(),
    /** `draft` (saved, not shown) or `published` (what the shop showed from this save on). */
    state: text('state').notNull(),
    /** The version this one restored, when it was a restore. */
    restoredFrom: integer('restored_from'),
    note: text('note'),
    /** Who saved it: the audit log's actor (type, id and label as shown then). */
    actorType: text('actor_type').notNull(),
    actorId: text('actor_id').notNull(),
    actorLabel: text('actor_label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('content_versions_document_version_idx').on(table.documentKind, table.documentKey, table.version),
    check('content_versions_state', sql`${table.state} in ('draft', 'published')`),
    check('content_versions_version_positive', sql`${table.version} > 0`),
  ],
)
export type ContentVersionRow = typeof contentVersions.$inferSelect

/**
 * The live site documents (issue 32 item 6, decision 198): one row per document the shop reads whole — `home` (the
 * home page's blocks) and `menu` (the menu's editable links). A publish or a restore writes the row from a version
 * (content_versions) in the same transaction; with no row the shop renders its default document (in code).
 */
export const siteDocuments = pgTable('site_documents', {
  key: text('key').primaryKey(),
  body: jsonb('body').$type<unknown>().notNull(),
  /** The content version this body is (content_versions.version of the document). */
  version: integer('version').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
})
export type SiteDocumentRow = typeof siteDocuments.$inferSelect

export type ProductRow = typeof products.$inferSelect
export type NewProductRow = typeof products.$inferInsert
export type VariantRow = typeof variants.$inferSelect
export type StoreRow = typeof stores.$inferSelect
export type CollectionRow = typeof collections.$inferSelect
export type EditorialRow = typeof editorials.$inferSelect

// ── Accounts (issue 4): members, one-time codes, sessions, address book ──────────────────────────

export const memberGenderEnum = pgEnum('member_gender', MEMBER_GENDERS)

export const memberTierEnum = pgEnum('member_tier', MEMBER_TIERS)

export const members = pgTable(
  'members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullname: text('fullname').notNull(),
    /** Lower-case; unique among the members who confirmed it (issue 29: an unconfirmed one blocks nobody). */
    email: text('email'),
    /**
     * When a code sent to the e-mail was entered (issue 29, docs/decisions/036-verified-identities.md):
     * until then the e-mail logs nobody in, links no LINE account and blocks nobody else from it.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** E.164, e.g. +66812345678; unique among the members who confirmed it. */
    telephone: text('telephone'),
    /** When a code sent to the telephone was entered (issue 29), as for the e-mail. */
    telephoneVerifiedAt: timestamp('telephone_verified_at', { withTimezone: true }),
    gender: memberGenderEnum('gender'),
    birthdate: date('birthdate', { mode: 'string' }),
    tier: memberTierEnum('tier').notNull().default('member'),
    /** Spending in the current cycle, in satang. */
    totalSpending: bigint('total_spending', { mode: 'number' }).notNull().default(0),
    tierExpiresAt: timestamp('tier_expires_at', { withTimezone: true }),
    lineUserId: text('line_user_id'),
    /**
     * When staff blocked the account (issue 33 item 1, decision 200): no sign-in (code or LINE), no session, no
     * checkout as this member until unblocked. The reason is in the audit entry.
     */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    acceptedTermsAt: timestamp('accepted_terms_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('members_email_key')
      .on(table.email)
      .where(sql`${table.emailVerifiedAt} IS NOT NULL`),
    uniqueIndex('members_telephone_key')
      .on(table.telephone)
      .where(sql`${table.telephoneVerifiedAt} IS NOT NULL`),
    // Looking a value up among members whatever its state (an unconfirmed claim is dropped once its owner confirms).
    index('members_email_idx').on(table.email),
    index('members_telephone_idx').on(table.telephone),
    uniqueIndex('members_line_user_id_key').on(table.lineUserId),
    check(
      'members_has_login',
      sql`${table.email} IS NOT NULL OR ${table.telephone} IS NOT NULL OR ${table.lineUserId} IS NOT NULL`,
    ),
  ],
)

export const otpChannelEnum = pgEnum('otp_channel', OTP_CHANNELS)

export const otpPurposeEnum = pgEnum('otp_purpose', OTP_PURPOSES)

/** What a register challenge carries until its code is confirmed: the account is created only then. */
export type RegistrationPayload = {
  fullname: string
  email: string
  telephone: string
  gender: MemberGender
  birthdate: string
}

/** What a change challenge carries: the member's new e-mail or telephone, stored once its code is entered. */
export type IdentityChangePayload = {
  field: 'email' | 'telephone'
  value: string
  /** The member's current value, confirmed by this code (issue 29): nothing changes but its confirmation. */
  confirm?: boolean
}

/**
 * A one-time code sent to a phone or mailbox (DESIGN.md §5). The browser holds the challenge token
 * (secret, hashed here); the shopper sees the reference code; the code itself is only stored as an HMAC.
 */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    refCode: text('ref_code').notNull(),
    identifier: text('identifier').notNull(),
    channel: otpChannelEnum('channel').notNull(),
    purpose: otpPurposeEnum('purpose').notNull(),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<RegistrationPayload | IdentityChangePayload>(),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    locale: text('locale').notNull().default('th'),
    /**
     * The connection that asked for the code (issue 15): a new code replaces only the codes this connection asked
     * for, so that nobody can cancel the owner's code by asking for another from elsewhere.
     */
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the code was used, replaced by a resend, or used up by wrong tries. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Set when the right code was entered (the resend cool-down no longer applies). */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('otp_challenges_token_key').on(table.tokenHash),
    index('otp_challenges_identifier_idx').on(table.identifier, table.createdAt),
  ],
)

/** Wrong codes per identifier (phone or e-mail) across all its challenges: a resend does not reset it. */
export const otpFailures = pgTable('otp_failures', {
  identifier: text('identifier').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
})

/**
 * Wrong codes per connection (issue 15): keyed `ip:<ip>` for a connection over all identifiers (slow-down and
 * challenge) and `ip:<ip>|<identifier>` for one connection and one identifier (its lock). A lock here holds back
 * only the connection that sent the wrong codes; the owner gets in from another.
 */
export const otpThrottles = pgTable('otp_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  /** No code may be checked from this connection before this (the slow-down). */
  nextTryAt: timestamp('next_try_at', { withTimezone: true }),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
})

/** Fixed-window counters (sends per identifier, per IP), shared by every instance. */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
)

/**
 * Proof-of-work challenges already redeemed (ALTCHA, issue 15): a solved challenge works once, until it expires.
 */
export const captchaSpent = pgTable('captcha_spent', {
  challenge: text('challenge').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})

/** Server-side sessions: the cookie holds a random token, this table its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** The session's public handle (the account page lists and ends sessions by it; the token never leaves the cookie). */
    id: uuid('id').notNull().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    /** Where the session was last seen from (ISO 3166 alpha-2), when known. */
    country: text('country'),
  },
  (table) => [index('sessions_member_idx').on(table.memberId), uniqueIndex('sessions_id_key').on(table.id)],
)

/** LINE Login requests in flight: state, nonce and PKCE verifier, single use, short-lived. */
export const oauthStates = pgTable('oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  redirectPath: text('redirect_path').notNull(),
  memberId: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})

/** Messages the local default delivery keeps instead of sending (read by /dev/outbox and the tests). */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: otpChannelEnum('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('outbox_messages_recipient_idx').on(table.recipient, table.createdAt)],
)

/** Secrets the app makes for itself on first start (HMAC key of the codes), shared by all instances. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** §3: a saved delivery address; at most one per member is the default. */
export const memberAddresses = pgTable(
  'member_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    telephoneNumber: text('telephone_number').notNull(),
    email: text('email').notNull(),
    taxId: text('tax_id').notNull().default(''),
    address: text('address').notNull(),
    address2: text('address2').notNull().default(''),
    country: text('country').notNull(),
    postcode: text('postcode').notNull().default(''),
    subDistrict: text('sub_district').notNull().default(''),
    district: text('district').notNull(),
    province: text('province').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('member_addresses_member_idx').on(table.memberId, table.createdAt),
    uniqueIndex('member_addresses_one_default')
      .on(table.memberId)
      .where(sql`${table.isDefault}`),
  ],
)

export type MemberRow = typeof members.$inferSelect
export type OtpChallengeRow = typeof otpChallenges.$inferSelect
export type MemberAddressRow = typeof memberAddresses.$inferSelect

// ── Cart, wishlist, orders, payments (issue 5) ─────────────────────────────────────────────────────

export type CurrencyCode = Currency
export const currencyEnum = pgEnum('currency', CURRENCIES)

export const CART_STATUSES = ['open', 'ordered', 'merged'] as const
export type CartStatus = (typeof CART_STATUSES)[number]
export const cartStatusEnum = pgEnum('cart_status', CART_STATUSES)

/**
 * A cart: a guest's is found by the hash of its cookie token, a member's by the member (one open cart
 * each). A cart holds one currency, the region's at the time it was started (§5).
 */
export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash'),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
    currency: currencyEnum('currency').notNull(),
    status: cartStatusEnum('status').notNull().default('open'),
    orderId: uuid('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('carts_token_key').on(table.tokenHash),
    uniqueIndex('carts_one_open_per_member')
      .on(table.memberId)
      .where(sql`${table.status} = 'open'`),
  ],
)

/** A line of a cart: a size of a product, with the price and currency it was added at. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    sku: text('sku')
      .notNull()
      .references(() => variants.sku),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    /** What the shopper saw when adding, in minor units of `currency`. */
    unitPrice: integer('unit_price').notNull(),
    currency: currencyEnum('currency').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('cart_items_cart_sku_key').on(table.cartId, table.sku),
    check('cart_items_quantity_positive', sql`${table.quantity} > 0`),
  ],
)

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.productId] })],
)

export const orderStatusEnum = pgEnum('order_status', ORDER_STATUSES)

export const paymentMethodEnum = pgEnum('payment_method', PAYMENT_METHODS)

export const shippingMethodEnum = pgEnum('shipping_method', SHIPPING_METHODS)

/** The delivery address an order was placed with (a copy: later edits of the address book do not move it). */
export type OrderAddress = {
  firstname: string
  lastname: string
  telephoneNumber: string
  email: string
  taxId: string
  address: string
  address2: string
  country: string
  postcode: string
  subDistrict: string
  district: string
  province: string
}

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What people read and say: AS-2611-00042. */
    number: text('number').notNull(),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'set null' }),
    cartId: uuid('cart_id').notNull(),
    email: text('email').notNull(),
    telephone: text('telephone').notNull(),
    status: orderStatusEnum('status').notNull(),
    currency: currencyEnum('currency').notNull(),
    subtotal: integer('subtotal').notNull(),
    discount: integer('discount').notNull(),
    shippingFee: integer('shipping_fee').notNull(),
    total: integer('total').notNull(),
    vatIncluded: integer('vat_included').notNull(),
    promotionCode: text('promotion_code'),
    shippingMethod: shippingMethodEnum('shipping_method').notNull(),
    storeId: text('store_id').references(() => stores.id),
    address: jsonb('address').$type<OrderAddress>(),
    paymentMethod: paymentMethodEnum('payment_method').notNull(),
    locale: text('locale').notNull().default('th'),
    /** A guest reaches the order page with this token (its SHA-256 here, the token in an HttpOnly cookie). */
    accessTokenHash: text('access_token_hash').notNull(),
    /** When the shopper received the parcel: the 7 days of exchange and return count from here (§9). */
    receivedAt: timestamp('received_at', { withTimezone: true }),
    /**
     * A bank transfer's deadline (issue 17): unpaid by then, the order is cancelled and its pieces go back on sale.
     * Null for card and PayPal orders (their provider says when a payment fails).
     */
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true }),
    /** When the one reminder before the deadline was sent (null: not yet); set and sent in one transaction. */
    paymentRemindedAt: timestamp('payment_reminded_at', { withTimezone: true }),
    /**
     * The connection the order was placed from (the client address as the API sees it, issue 29): how many unpaid
     * orders a connection holds is counted from it. Null for orders placed before migration 0017.
     */
    placedFrom: text('placed_from'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_number_key').on(table.number),
    /** The unpaid orders a connection, an e-mail or a telephone holds (issue 29: limits on holding stock). */
    index('orders_unpaid_placed_from_idx')
      .on(table.placedFrom, table.createdAt)
      .where(sql`${table.status} = 'awaiting_payment'`),
    index('orders_unpaid_email_idx')
      .on(table.email, table.createdAt)
      .where(sql`${table.status} = 'awaiting_payment'`),
    index('orders_unpaid_telephone_idx')
      .on(table.telephone, table.createdAt)
      .where(sql`${table.status} = 'awaiting_payment'`),
    uniqueIndex('orders_cart_key').on(table.cartId),
    index('orders_member_idx').on(table.memberId, table.createdAt),
    // The dashboard's and reports' ranges of days (issue 33, decision 202) read `orders_sales_cover_idx`, written by
    // hand in migration 0038 (drizzle has no INCLUDE): (created_at) INCLUDE (status, currency, total, id), an index-only
    // scan of a month of orders.
    /** The queues of work (orders paid, packed …) and the dashboard's, whose counts read one status each. */
    index('orders_status_idx').on(table.status, table.createdAt),
    /** The deadline job reads only unpaid orders with a deadline, soonest first. */
    index('orders_payment_due_idx')
      .on(table.paymentDueAt)
      .where(sql`${table.status} = 'awaiting_payment' AND ${table.paymentDueAt} IS NOT NULL`),
    check(
      'orders_totals_not_negative',
      sql`${table.total} >= 0 AND ${table.discount} >= 0 AND ${table.shippingFee} >= 0`,
    ),
  ],
)

export const orderItems = pgTable(
  'order_items',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    sku: text('sku').notNull(),
    productId: text('product_id').notNull(),
    nameTh: text('name_th').notNull(),
    nameEn: text('name_en').notNull(),
    size: text('size').notNull(),
    categorySlug: text('category_slug').notNull(),
    tags: text('tags').array().$type<ProductTag[]>().notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    lineTotal: integer('line_total').notNull(),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.position] })],
)

export const discountKindEnum = pgEnum('discount_kind', DISCOUNT_KINDS)

/**
 * The discounts of an order, one line each (issue 29 item 7): mix-and-match, the code (NEW200), a member's tier or
 * birth-month code. `orders.discount` stays their sum (the figures of the order and its tax invoice); an order from
 * before these lines got them from migration 0018.
 */
export const orderDiscounts = pgTable(
  'order_discounts',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: discountKindEnum('kind').notNull(),
    /** The code as the shopper typed it (NEW200, a member's code); null for mix-and-match. */
    code: text('code'),
    amount: integer('amount').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.position] }),
    check('order_discounts_amount_positive', sql`${table.amount} > 0`),
  ],
)

/** The status timeline of an order. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: orderStatusEnum('status').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_events_order_idx').on(table.orderId, table.createdAt)],
)

/**
 * Staff notes on an order (issue 31 item 5): what customer service or the warehouse wrote, shown in the back office's
 * timeline of the order and never to the shopper. Written by a member of staff or an API key (its type, id and the
 * label the audit log shows), never changed or deleted afterwards.
 */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    authorType: text('author_type').notNull(),
    authorId: text('author_id').notNull(),
    authorLabel: text('author_label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_notes_order_idx').on(table.orderId, table.createdAt)],
)

export type OrderNoteRow = typeof orderNotes.$inferSelect

export const paymentStatusEnum = pgEnum('payment_status', PAYMENT_STATUSES)

/** One attempt to pay an order with a provider (the built-in test provider, Stripe, bank transfer). */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    method: paymentMethodEnum('method').notNull(),
    status: paymentStatusEnum('status').notNull().default('pending'),
    amount: integer('amount').notNull(),
    currency: currencyEnum('currency').notNull(),
    /** Where the shopper pays (the provider's hosted page), to send them there again on a replay. */
    redirectUrl: text('redirect_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the provider refunds and disputes name (issue 31 item 7): Stripe's PaymentIntent, PayPal's capture id.
     * Learnt from the provider on the first refund or refund/dispute webhook; null until then and for transfers.
     */
    captureRef: text('capture_ref'),
  },
  (table) => [
    uniqueIndex('payments_provider_ref_key').on(table.provider, table.providerRef),
    index('payments_order_idx').on(table.orderId),
  ],
)

/** Order numbers, shared by all instances. */
export const orderNumberSequence = pgSequence('order_number_seq', { startWith: 1001 })

/** Idempotency keys of order placement: a replay returns the same order; another body with the key is a 409. */
export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').primaryKey(),
  requestHash: text('request_hash').notNull(),
  orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export type CartRow = typeof carts.$inferSelect
export type CartItemRow = typeof cartItems.$inferSelect
export type OrderRow = typeof orders.$inferSelect
export type PaymentRow = typeof payments.$inferSelect

export const returnKindEnum = pgEnum('return_kind', RETURN_KINDS)

export const returnReasonEnum = pgEnum('return_reason', RETURN_REASONS)
export const returnStatusEnum = pgEnum('return_status', RETURN_STATUSES)

/**
 * An exchange or return of some pieces of an order, asked for by the shopper after receipt (§4, §9), with a
 * reason; the back office accepts or rejects it (with a note the shopper reads) and completes it.
 */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: returnKindEnum('kind').notNull(),
    reason: returnReasonEnum('reason').notNull(),
    note: text('note'),
    status: returnStatusEnum('status').notNull().default('requested'),
    /** The back office's word on its decision, shown to the shopper. */
    decisionNote: text('decision_note'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('return_requests_order_idx').on(table.orderId, table.createdAt),
    index('return_requests_status_idx').on(table.status, table.createdAt),
  ],
)

/** The pieces of a request: a line of the order (its position) and how many of it; for an exchange, the size wanted. */
export const returnRequestItems = pgTable(
  'return_request_items',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').notNull(),
    position: integer('position').notNull(),
    quantity: integer('quantity').notNull(),
    exchangeSize: text('exchange_size'),
  },
  (table) => [
    primaryKey({ columns: [table.requestId, table.position] }),
    foreignKey({
      columns: [table.orderId, table.position],
      foreignColumns: [orderItems.orderId, orderItems.position],
      name: 'return_request_items_order_item_fk',
    }).onDelete('cascade'),
    index('return_request_items_order_idx').on(table.orderId, table.position),
    check('return_request_items_quantity_positive', sql`${table.quantity} > 0`),
  ],
)

export type ReturnRequestRow = typeof returnRequests.$inferSelect
export type ReturnRequestItemRow = typeof returnRequestItems.$inferSelect

/** A parcel of an order on its way: the carrier (src/domain/carriers.ts) and its tracking number. */
export const orderShipments = pgTable(
  'order_shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('order_shipments_tracking_key').on(table.orderId, table.carrier, table.trackingNumber)],
)

export type OrderShipmentRow = typeof orderShipments.$inferSelect

// ── Tax invoices (issue 17 item 8, docs/decisions/022) ─────────────────────────────────────────────

/** The seller or the buyer as a tax invoice names them (§86/4): name, address, 13-digit tax ID, branch. */
export type TaxInvoiceParty = { name: string; address: string; taxId: string; branch: string | null }

/** One line of goods or delivery on a tax invoice; amounts in satang, VAT included, as the shopper paid them. */
export type TaxInvoiceLine = {
  sku: string
  nameTh: string
  nameEn: string
  size: string
  quantity: number
  unitPrice: number
  amount: number
}

/**
 * What a tax invoice says, kept as issued: the PDF is drawn again from this on every download, so a later change
 * of the seller's settings, a product's name or the layout never changes what an issued invoice states.
 */
export type TaxInvoiceContent = {
  orderNumber: string
  orderDate: string
  currency: 'thb'
  seller: TaxInvoiceParty
  buyer: TaxInvoiceParty
  lines: TaxInvoiceLine[]
  goods: number
  /** The sum of `discounts`. */
  discount: number
  /** Each discount with its name (issue 29 item 7); absent on invoices issued before, which print one line. */
  discounts?: DiscountLine[]
  shippingFee: number
  total: number
  netOfVat: number
  vat: number
  vatRatePercent: number
}

/**
 * Counters of gapless document series. A number is taken by incrementing the row in the transaction that stores
 * the document: a rolled-back issue gives its number back (a sequence would not), and the row lock makes every
 * instance wait its turn.
 */
export const documentCounters = pgTable('document_counters', {
  series: text('series').primaryKey(),
  lastValue: integer('last_value').notNull(),
})

/** Full tax invoices (ใบกำกับภาษีเต็มรูป): at most one per order, numbered in one series without gaps. */
export const taxInvoices = pgTable(
  'tax_invoices',
  {
    /** One invoice per order; an issued invoice is never deleted (the order cannot go while it exists). */
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** Position in the series: 1, 2, 3 … */
    sequence: integer('sequence').notNull(),
    /** What is printed: TI0000001. */
    number: text('number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    content: jsonb('content').$type<TaxInvoiceContent>().notNull(),
  },
  (table) => [
    uniqueIndex('tax_invoices_sequence_key').on(table.sequence),
    uniqueIndex('tax_invoices_number_key').on(table.number),
    /** The monthly output-VAT report reads a month of invoices (issue 33 item 4). */
    index('tax_invoices_issued_idx').on(table.issuedAt),
  ],
)

export type TaxInvoiceRow = typeof taxInvoices.$inferSelect

export const MEMBER_CODE_KINDS = ['monthly', 'birthday', 'goodwill'] as const
export const memberCodeKindEnum = pgEnum('member_code_kind', MEMBER_CODE_KINDS)

/**
 * Promotion codes issued to a member (§6, §9): the monthly VIP/VVIP code and the birth-month code. The key is
 * one per member and period, so issuing twice (two schedulers, two instances) stores one row.
 */
export const memberCodes = pgTable(
  'member_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    code: text('code').notNull(),
    kind: memberCodeKindEnum('kind').notNull(),
    /** A percentage off (0 for a goodwill code of a fixed amount). */
    percent: smallint('percent').notNull(),
    /**
     * A goodwill code of a fixed amount (issue 33 item 1, decision 200): its minor units in `amount_currency`; null for
     * a percentage.
     */
    amount: integer('amount'),
    amountCurrency: currencyEnum('amount_currency'),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedOrderId: uuid('used_order_id'),
    discountUsed: integer('discount_used').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('member_codes_member_key').on(table.memberId, table.key),
    index('member_codes_member_code_idx').on(table.memberId, table.code),
  ],
)

export type MemberCodeRow = typeof memberCodes.$inferSelect

// ── Server-side pixel events (issue 7) ─────────────────────────────────────────────────────────────

export const PIXEL_PLATFORMS = ['meta', 'tiktok'] as const
export type PixelPlatform = (typeof PIXEL_PLATFORMS)[number]
export const pixelPlatformEnum = pgEnum('pixel_platform', PIXEL_PLATFORMS)

/** recorded: kept only (the platform has no token); pending: queued for the platform; sent; failed for good. */
export const PIXEL_EVENT_STATUSES = ['recorded', 'pending', 'sent', 'failed'] as const
export type PixelEventStatus = (typeof PIXEL_EVENT_STATUSES)[number]
export const pixelEventStatusEnum = pgEnum('pixel_event_status', PIXEL_EVENT_STATUSES)

/** One event of Meta's Conversions API as sent: personal data already normalised and SHA-256 hashed. */
export type MetaServerEventPayload = {
  event_name: string
  /** Unix time in seconds. */
  event_time: number
  event_id: string
  event_source_url: string
  action_source: 'website'
  user_data: {
    em?: string[]
    ph?: string[]
    fn?: string
    ln?: string
    country?: string
    zp?: string
    client_ip_address?: string
    client_user_agent?: string
  }
  custom_data?: Record<string, unknown>
}

/** One event of TikTok's Events API 2.0 as sent: e-mail and phone already normalised and SHA-256 hashed. */
export type TikTokEventPayload = {
  event: string
  /** Unix time in seconds. */
  event_time: number
  event_id: string
  user: { email?: string; phone?: string; ip?: string; user_agent?: string }
  page: { url: string }
  properties?: Record<string, unknown>
}

export type PixelEventPayload = MetaServerEventPayload | TikTokEventPayload

/**
 * Tracking events (§3) for Meta's Conversions API and TikTok's Events API, and the queue that forwards them.
 * The browser pixel and the server share the event id, so an event reported by both is stored (and sent) once.
 */
export const pixelEvents = pgTable(
  'pixel_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platform: pixelPlatformEnum('platform').notNull(),
    eventId: text('event_id').notNull(),
    /** Our name of the event (purchase, add_to_cart …); the payload holds the platform's. */
    eventName: text('event_name').notNull(),
    payload: jsonb('payload').$type<PixelEventPayload>().notNull(),
    status: pixelEventStatusEnum('status').notNull().default('recorded'),
    /** Sending attempts so far, counted when an attempt starts. */
    attempts: integer('attempts').notNull().default(0),
    /** When a pending event is due: the next try, or the end of a running attempt's lease. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('pixel_events_event_key').on(table.platform, table.eventId, table.eventName),
    index('pixel_events_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
  ],
)

export type PixelEventRow = typeof pixelEvents.$inferSelect

/**
 * The shop's own funnel (issue 33 item 3, decision 202): per Bangkok day and step (product viewed, added to cart,
 * checkout started, paid) how many times it happened, incremented with one upsert where it happens. Nothing else: no
 * shopper, session, cookie or address, so it needs no consent and holds no personal data.
 */
export const shopEventCounts = pgTable(
  'shop_event_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    event: text('event').$type<ShopEvent>().notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.event] }),
    check('shop_event_counts_count_not_negative', sql`${table.count} >= 0`),
  ],
)

/** The e-mails an order may owe its shopper (issue 17, item 7). */
export const ORDER_MAIL_KINDS = [
  'order_placed',
  'payment_received',
  'shipped',
  'return_accepted',
  'bank_transfer_reminder',
  'order_cancelled',
  'refund',
] as const
export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[number]
export const orderMailKindEnum = pgEnum('order_mail_kind', ORDER_MAIL_KINDS)

/** pending: owed (due at next_attempt_at); sent; failed: given up; skipped: no e-mail channel in this configuration. */
export const ORDER_MAIL_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const
export type OrderMailStatus = (typeof ORDER_MAIL_STATUSES)[number]
export const orderMailStatusEnum = pgEnum('order_mail_status', ORDER_MAIL_STATUSES)

/** A parcel handed to a carrier, as the shipping engineer's OrderView.shipments holds it. */
export type OrderMailShipment = {
  carrier: string
  carrierName: string
  trackingNumber: string
  url: string | null
  createdAt: string
}

/** An exchange or return the back office accepted, as `onReturnAccepted` hands it over. */
export type OrderMailReturnRequest = {
  id: string
  kind: ReturnKind
  reason: string
  items: Array<{ name: string; size: string; quantity: number }>
}

/** What each e-mail needs beyond the order itself (which is read when the e-mail is sent). */
export type OrderMailData = {
  order_placed: { paymentDeadline: string | null }
  payment_received: Record<string, never>
  shipped: { shipments: OrderMailShipment[] }
  return_accepted: { request: OrderMailReturnRequest }
  bank_transfer_reminder: { paymentDeadline: string }
  order_cancelled: { reason: OrderCancelReason; refund: boolean }
  refund: { refundId: string; amount: number; full: boolean }
}

/**
 * The e-mails the shop owes, queued in the transaction of the change that causes them and sent from here with
 * retries (src/api/emails/order-mails.server.ts). One row per order, kind and key: the same event queued twice
 * (two schedulers, a replayed request) is one e-mail.
 */
export const orderMails = pgTable(
  'order_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: orderMailKindEnum('kind').notNull(),
    /** Tells apart e-mails of one kind for one order (a return request's id, a reminder's deadline); '' if one. */
    dedupeKey: text('dedupe_key').notNull().default(''),
    data: jsonb('data').$type<OrderMailData[OrderMailKind]>().notNull(),
    status: orderMailStatusEnum('status').notNull().default('pending'),
    /** Sending attempts so far, counted when an attempt starts. */
    attempts: integer('attempts').notNull().default(0),
    /** When a pending e-mail is due: the next try, or the end of a running attempt's lease. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('order_mails_event_key').on(table.orderId, table.kind, table.dedupeKey),
    index('order_mails_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
  ],
)

export type OrderMailRow = typeof orderMails.$inferSelect

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const
export type RefundStatus = (typeof REFUND_STATUSES)[number]
export const refundStatusEnum = pgEnum('refund_status', REFUND_STATUSES)

/** The pieces a refund gives money back for: the order's line, how many of it, and what they were paid. */
export type RefundPiece = { position: number; quantity: number; amount: number }

/**
 * Money given back on an order (issue 31 item 7): asked by staff (or a return) through the provider the order was
 * paid with, or recorded with the bank's reference for a transfer, or made in the provider's dashboard and learnt
 * from its webhook. Pending and succeeded refunds count against what was paid; a failed one does not.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    /** stripe, paypal, test (the demo's), or bank_transfer. */
    provider: text('provider').notNull(),
    /** The provider's refund id (re_…, PayPal's refund id); the bank's reference for a transfer. */
    providerRef: text('provider_ref'),
    status: refundStatusEnum('status').notNull(),
    amount: integer('amount').notNull(),
    currency: currencyEnum('currency').notNull(),
    reason: text('reason').notNull(),
    pieces: jsonb('pieces').$type<RefundPiece[]>().notNull().default([]),
    /** The request's Idempotency-Key: the same key on the same order answers the first refund. */
    idempotencyKey: text('idempotency_key'),
    /** Who asked: staff, an API key, or the system (a webhook of a refund made in the provider's dashboard). */
    requestedByType: text('requested_by_type').notNull(),
    requestedById: text('requested_by_id').notNull(),
    requestedByLabel: text('requested_by_label').notNull(),
    /** Why the provider refused (a failed refund), in the provider's words. */
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('refunds_order_idx').on(table.orderId, table.createdAt),
    uniqueIndex('refunds_idempotency_key').on(table.orderId, table.idempotencyKey),
    uniqueIndex('refunds_provider_ref_key').on(table.provider, table.providerRef),
    check('refunds_amount_positive', sql`${table.amount} > 0`),
  ],
)

export type RefundRow = typeof refunds.$inferSelect

/** A shopper's dispute (chargeback) of a card or PayPal payment, as the provider's webhooks report it. */
export const paymentDisputes = pgTable(
  'payment_disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** dp_… at Stripe, PP-D-… at PayPal. */
    providerRef: text('provider_ref').notNull(),
    /** The provider's word for where it stands (needs_response, won, lost; OPEN, RESOLVED …). */
    status: text('status').notNull(),
    /** Open until the provider closes it. */
    open: boolean('open').notNull(),
    amount: integer('amount').notNull(),
    currency: currencyEnum('currency').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_disputes_provider_ref_key').on(table.provider, table.providerRef),
    index('payment_disputes_order_idx').on(table.orderId),
  ],
)

export type PaymentDisputeRow = typeof paymentDisputes.$inferSelect

/** The provider events of refunds and disputes already applied: a webhook delivered again changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
)

export * from './staff-schema'
export * from './alerts-schema'

// ── Transfer slips (issue 31 item 6, decision 187) ────────────────────────────────────────────────────────

/**
 * A bank-transfer slip a shopper uploaded for an order: the stored picture (metadata stripped), what its QR and the
 * slip-verification provider read, and where it stands: `paid` (it matched and paid the order), `review` (staff must
 * look: `reason` says why), `confirmed` or `rejected` by staff (`decision_note` is the reason the shopper reads).
 */
export const transferSlips = pgTable(
  'transfer_slips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    reason: text('reason'),
    /** The picture's file name in the slips directory, its type and size as stored. */
    file: text('file').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    qrPayload: text('qr_payload'),
    transRef: text('trans_ref'),
    sendingBank: text('sending_bank'),
    /** Who read the slip: `slipok`, or `demo` (the demo verifier). */
    provider: text('provider').notNull(),
    reading: jsonb('reading'),
    decisionNote: text('decision_note'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('transfer_slips_order_idx').on(table.orderId, table.createdAt),
    index('transfer_slips_status_idx').on(table.status, table.createdAt),
  ],
)

export type TransferSlipRow = typeof transferSlips.$inferSelect

/**
 * Every bank transaction reference that paid an order, once: a slip's, a manual "mark paid"'s, a bank statement
 * line's. The primary key is the race-safe "never used before": two payments with one reference cannot both commit.
 */
export const transferReferences = pgTable('transfer_references', {
  reference: text('reference').primaryKey(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  source: text('source').notNull(),
  slipId: uuid('slip_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * What a carrier says of a parcel (issue 31 item 8): each status its tracking API reports, polled or pushed by its
 * webhook, once each (the carrier's code and time). `delivered` marks the parcel received, which starts §9's window.
 */
export const parcelEvents = pgTable(
  'parcel_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => orderShipments.id, { onDelete: 'cascade' }),
    /** Our kind of the carrier's status: in_transit, out_for_delivery, delivered, failed, returned, other. */
    kind: text('kind').notNull(),
    /** The carrier's own status code and words, as it gave them. */
    code: text('code').notNull(),
    description: text('description').notNull(),
    location: text('location'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** How we heard: the poll, the carrier's webhook, or the demo carrier. */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('parcel_events_once_key').on(table.shipmentId, table.code, table.occurredAt),
    index('parcel_events_shipment_idx').on(table.shipmentId, table.occurredAt),
  ],
)

export type ParcelEventRow = typeof parcelEvents.$inferSelect

// ── Returns to the end (issue 31 item 9): pieces received, the outcome, the replacement, credit notes ─────────────

/** What came back of an accepted request: each line's pieces by condition, and where the resellable ones went. */
export const returnReceipts = pgTable('return_receipts', {
  requestId: uuid('request_id')
    .primaryKey()
    .references(() => returnRequests.id, { onDelete: 'cascade' }),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  /** 'online' (the online warehouse) or a store's id: where the pieces as new were put back on sale. */
  location: text('location').notNull(),
  pieces: jsonb('pieces').$type<Array<ReceivedPiece & { sku: string }>>().notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  /** Who received it, as the audit log names actors. */
  receivedBy: text('received_by').notNull(),
})

/** A piece of the refund due on a return: the order line, how many and their worth (their discount share off). */
export type ReturnRefundPiece = { position: number; sku: string; quantity: number; amount: number }

/**
 * How an accepted request ended: an exchange (its replacement lines below, their stock held) or a refund due of
 * these pieces and this amount, which the refunds service pays (issue 31 item 7); `refundedAt` is its to set.
 */
export const returnOutcomes = pgTable(
  'return_outcomes',
  {
    requestId: uuid('request_id')
      .primaryKey()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    outcome: text('outcome').$type<'exchange' | 'refund'>().notNull(),
    /** The refund due, VAT included, in the order's minor units (null for an exchange). */
    refundAmount: integer('refund_amount'),
    refundPieces: jsonb('refund_pieces').$type<ReturnRefundPiece[]>(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('return_outcomes_outcome', sql`${table.outcome} IN ('exchange', 'refund')`),
    check(
      'return_outcomes_refund',
      sql`(${table.outcome} = 'refund') = (${table.refundAmount} IS NOT NULL AND ${table.refundAmount} >= 0)`,
    ),
    index('return_outcomes_order_idx').on(table.orderId),
  ],
)

/**
 * The replacement of an exchange: the other size of an order line, its stock taken from the online warehouse when
 * the exchange is decided (held for it as an order's line is), sent as a parcel of the same order.
 */
export const returnReplacementItems = pgTable(
  'return_replacement_items',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    sku: text('sku').notNull(),
    size: text('size').notNull(),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.requestId, table.position] }),
    index('return_replacement_items_order_idx').on(table.orderId),
    check('return_replacement_items_quantity_positive', sql`${table.quantity} > 0`),
  ],
)

/** A credit note's line: a returned piece at the price paid. */
export type CreditNoteLine = {
  sku: string
  nameTh: string
  nameEn: string
  size: string
  quantity: number
  unitPrice: number
  amount: number
}

/**
 * What a credit note says (§86/10), kept as issued like a tax invoice's content (decision 104): the original
 * invoice's number and date, the parties, the returned pieces, the value on the invoice, the right value, the
 * difference and its VAT, and the reason, in Thai and English.
 */
export type CreditNoteContent = {
  orderNumber: string
  invoiceNumber: string
  invoiceDate: string
  currency: 'thb'
  seller: TaxInvoiceParty
  buyer: TaxInvoiceParty
  reason: { th: string; en: string }
  lines: CreditNoteLine[]
  goods: number
  discount: number
  originalValue: number
  correctValue: number
  difference: number
  vat: number
  total: number
  vatRatePercent: number
}

/**
 * Credit notes (ใบลดหนี้): one per refunded return of an order that has a tax invoice, numbered in their own gapless
 * series (document_counters 'credit_note'). Never changed or deleted: a trigger refuses it (migration 0027).
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    requestId: uuid('request_id')
      .primaryKey()
      .references(() => returnRequests.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    content: jsonb('content').$type<CreditNoteContent>().notNull(),
  },
  (table) => [
    uniqueIndex('credit_notes_sequence_key').on(table.sequence),
    uniqueIndex('credit_notes_number_key').on(table.number),
    index('credit_notes_order_idx').on(table.orderId),
    /** The monthly output-VAT report reads a month of credit notes (issue 33 item 4). */
    index('credit_notes_issued_idx').on(table.issuedAt),
  ],
)

export type ReturnReceiptRow = typeof returnReceipts.$inferSelect
export type ReturnOutcomeRow = typeof returnOutcomes.$inferSelect
export type ReturnReplacementItemRow = typeof returnReplacementItems.$inferSelect
export type CreditNoteRow = typeof creditNotes.$inferSelect

export const stockMovementReasonEnum = pgEnum('stock_movement_reason', STOCK_MOVEMENT_REASONS)
export const stockTransferStatusEnum = pgEnum('stock_transfer_status', STOCK_TRANSFER_STATUSES)

/**
 * Stock moved between two locations (issue 32 item 3): its pieces leave `from` when it is made (sent), arrive at `to`
 * when it is received; a sent transfer cancelled puts them back at `from`. Locations are 'online' or a store's id.
 */
export const stockTransfers = pgTable(
  'stock_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fromLocation: text('from_location').notNull(),
    toLocation: text('to_location').notNull(),
    status: stockTransferStatusEnum('status').notNull().default('sent'),
    note: text('note').notNull().default(''),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    /** Who sent, received or cancelled it, as the audit log names actors. */
    sentBy: text('sent_by').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: text('closed_by'),
  },
  (table) => [
    index('stock_transfers_status_idx').on(table.status, table.sentAt),
    check('stock_transfers_two_places', sql`${table.fromLocation} <> ${table.toLocation}`),
  ],
)

export const stockTransferLines = pgTable(
  'stock_transfer_lines',
  {
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => stockTransfers.id, { onDelete: 'cascade' }),
    sku: text('sku')
      .notNull()
      .references(() => variants.sku, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.transferId, table.sku] }),
    check('stock_transfer_lines_quantity_positive', sql`${table.quantity} > 0`),
  ],
)

// ── Prices (issue 32 item 4, decision 192): sales planned ahead that switch on and off by themselves ─────────────

/**
 * A sale planned ahead (11.11, 12.12): between `starts_at` and `ends_at` its lines' colours sell at the sale price, the
 * regular price struck through. The price-schedule worker of whichever instance claims it first (FOR UPDATE SKIP
 * LOCKED) switches it on (planned → active) and off (active → ended), each once; staff may cancel it.
 */
export const priceSchedules = pgTable(
  'price_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** planned, active (switched on), ended (switched off), cancelled. */
    status: text('status').notNull().default('planned'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    createdBy: text('created_by').notNull(),
    /** When the worker switched it on and off (or staff cancelled it). */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    index('price_schedules_due_idx').on(table.status, table.startsAt),
    index('price_schedules_end_idx').on(table.status, table.endsAt),
    check('price_schedules_status', sql`${table.status} in ('planned', 'active', 'ended', 'cancelled')`),
    check('price_schedules_dates', sql`${table.endsAt} > ${table.startsAt}`),
  ],
)

/**
 * The ledger of staff's stock changes (issue 32 item 3): every adjustment and every step of a transfer, one line per
 * size and location, with who, when, the change and the count after it. Orders and returns are not in it (their own
 * tables and the audit log say what they took and gave back).
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorType: text('actor_type').notNull(),
    actorId: text('actor_id').notNull(),
    actorLabel: text('actor_label').notNull(),
    location: text('location').notNull(),
    sku: text('sku')
      .notNull()
      .references(() => variants.sku, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    quantityAfter: integer('quantity_after').notNull(),
    reason: stockMovementReasonEnum('reason').notNull(),
    note: text('note').notNull().default(''),
    transferId: uuid('transfer_id').references(() => stockTransfers.id, { onDelete: 'set null' }),
  },
  (table) => [index('stock_movements_sku_idx').on(table.sku, table.at)],
)

/**
 * A colour on sale in a schedule: its sale price per currency, and (once switched on) the prices it had before, which
 * switching off puts back.
 */
export const priceScheduleLines = pgTable(
  'price_schedule_lines',
  {
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => priceSchedules.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    saleThb: integer('sale_thb').notNull(),
    saleUsd: integer('sale_usd').notNull(),
    /** The prices before the sale, kept when it switched on. */
    regularThb: integer('regular_thb'),
    regularUsd: integer('regular_usd'),
    regularCompareAtThb: integer('regular_compare_at_thb'),
    regularCompareAtUsd: integer('regular_compare_at_usd'),
  },
  (table) => [
    primaryKey({ columns: [table.scheduleId, table.productId] }),
    index('price_schedule_lines_product_idx').on(table.productId),
    check('price_schedule_lines_positive', sql`${table.saleThb} > 0 and ${table.saleUsd} > 0`),
  ],
)

export type PriceScheduleRow = typeof priceSchedules.$inferSelect
export type PriceScheduleLineRow = typeof priceScheduleLines.$inferSelect
// ── Promotions in the back office (issue 32 item 5) ───────────────────────────────────────────────

/**
 * The shop's discount codes (§9; decision 193), NEW200 seeded by migration 0032 as the constant it replaces. Per
 * currency: the amount off (`amount`) or the cap of a percentage (`percent`), and the minimum of the eligible subtotal;
 * a currency whose minimum is null is not one the code is valid in. `uses` counts the orders that took the code,
 * raised in the order's transaction by a guarded update (the last use goes to one order only).
 */
export const promotionCodes = pgTable(
  'promotion_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    kind: text('kind').$type<PromotionKind>().notNull(),
    percent: smallint('percent'),
    amountThb: integer('amount_thb'),
    amountUsd: integer('amount_usd'),
    capThb: integer('cap_thb'),
    capUsd: integer('cap_usd'),
    minThb: integer('min_thb'),
    minUsd: integer('min_usd'),
    excludeTags: text('exclude_tags')
      .array()
      .$type<ProductTag[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    excludeCategories: text('exclude_categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    usesPerMember: integer('uses_per_member'),
    usesTotal: integer('uses_total'),
    uses: integer('uses').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('promotion_codes_code_key').on(sql`upper(${table.code})`),
    check('promotion_codes_kind_check', sql`${table.kind} in ('amount', 'percent')`),
    check(
      'promotion_codes_dates_check',
      sql`${table.endsAt} is null or ${table.startsAt} is null or ${table.endsAt} > ${table.startsAt}`,
    ),
    check(
      'promotion_codes_uses_check',
      sql`${table.uses} >= 0 and (${table.usesTotal} is null or ${table.uses} <= ${table.usesTotal})`,
    ),
  ],
)

export type PromotionCodeRow = typeof promotionCodes.$inferSelect

/** §9 mix-and-match: the price of a bundle of 3 or 5 different tagged pieces per currency (seeded by 0032). */
export const mixMatchPrices = pgTable(
  'mix_match_prices',
  {
    size: smallint('size').notNull(),
    currency: currencyEnum('currency').notNull(),
    price: integer('price').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.size, table.currency] }),
    check('mix_match_prices_price_check', sql`${table.price} > 0`),
  ],
)

// ── The shopper's privacy rights (issue 33 item 2, decision 201): requests, export links, consent records ─────────

export const privacyRequestKindEnum = pgEnum('privacy_request_kind', PRIVACY_REQUEST_KINDS)
export const privacyRequestSourceEnum = pgEnum('privacy_request_source', PRIVACY_REQUEST_SOURCES)
export const privacyRequestStatusEnum = pgEnum('privacy_request_status', PRIVACY_REQUEST_STATUSES)

/**
 * A request for a copy of one's data (access) or for the account to be erased (erasure), from the account page or
 * by e-mail (recorded by staff). It is also the outbox of the export job: a pending access request is due at
 * `next_attempt_at`, claimed by one instance, its link made and e-mailed. The member is set null once erased: the
 * request stays as the record that it was answered, with `subject` (the masked e-mail or phone it was about).
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: privacyRequestKindEnum('kind').notNull(),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'set null' }),
    /** Who it was about, masked (k***@example.com): what stays readable once the member is erased. */
    subject: text('subject').notNull(),
    source: privacyRequestSourceEnum('source').notNull(),
    status: privacyRequestStatusEnum('status').notNull(),
    /** When it reached the shop (for an e-mail: the day staff say it arrived). */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** The staff member (or API key) who recorded or handled it, as the audit log names them; null for the shopper. */
    handledBy: text('handled_by'),
    /** The language of the e-mail with the link. */
    locale: text('locale').notNull().default('th'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('privacy_requests_due_idx').on(table.dueAt),
    index('privacy_requests_member_idx').on(table.memberId),
    index('privacy_requests_job_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
  ],
)

/**
 * The link of a prepared export (what the e-mail carries): the token's SHA-256, the data as prepared, until when and
 * how many times it opens. Erasing the member deletes it with the data it holds.
 */
export const privacyExports = pgTable(
  'privacy_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => privacyRequests.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    content: jsonb('content').$type<PrivacyExport>().notNull(),
    uses: smallint('uses').notNull().default(0),
    maxUses: smallint('max_uses').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('privacy_exports_token_key').on(table.tokenHash)],
)

/**
 * Each choice made in the cookie banner (PDPA §19: consent must be provable): the anonymous id the consent cookie
 * keeps, the banner's version, what was allowed, when, and the member when signed in.
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    consentId: uuid('consent_id').notNull(),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
    bannerVersion: integer('banner_version').notNull(),
    analytics: text('analytics').notNull(),
    advertising: text('advertising').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('consent_records_consent_idx').on(table.consentId, table.createdAt),
    index('consent_records_member_idx').on(table.memberId, table.createdAt),
  ],
)

export type PrivacyRequestRow = typeof privacyRequests.$inferSelect
export type PrivacyExportRow = typeof privacyExports.$inferSelect
export type ConsentRecordRow = typeof consentRecords.$inferSelect
