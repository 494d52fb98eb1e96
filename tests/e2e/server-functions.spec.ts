import { type APIRequestContext } from '@playwright/test'
import { expect, test } from './test'
import { z } from 'zod'
import { codeFor, createMember, uniqueEmail, uniqueMobile } from './accounts'
import { encodeLoosely, HOSTILE_STRINGS } from '../hostile-input'
import {
  address,
  ALL_METRICS,
  API,
  arrayOf,
  bool,
  type Call,
  callsFor,
  captcha,
  countryCode,
  currency,
  differences,
  type Env,
  fn,
  FUNCTIONS,
  fuzzProduct,
  geo,
  int,
  invoke,
  isRefusalResult,
  lang,
  matching,
  MIN_FUNCTIONS,
  nullable,
  object,
  oneOf,
  optional,
  orderNumber,
  problemsOf,
  query,
  RAW_PAYLOADS,
  sameOriginContext,
  send,
  SERVER_FN_BASE,
  serverFnIdsInClient,
  serverFnsInBuild,
  short,
  slug,
  snapshot,
  type Spec,
  str,
  uuid,
} from './support/server-fn-fuzz'

/**
 * Issue 8, item 4, for the server functions: every `createServerFn` of the app is called over HTTP the way
 * Start's client calls it, and sent input generated from its own validator's shape (fast-check, fixed seed),
 * hostile strings and values of the wrong type, and malformed calls. No answer may be a 5xx or show a stack
 * trace or a file path; a call the server refuses is a 4xx with a clear message (a validator's refusal: a 400
 * "Invalid input: <field>: …"); and a refused call stores nothing (see `METRICS` in ./support/server-fn-fuzz.ts).
 *
 * On the wire (TanStack Start 1.169, see src/server/server-fn-calls.server.ts): `GET|POST /_serverFn/<id>`,
 * `<id>` = SHA-256 of `<file>--<export>_createServerFn_handler`, header `x-tsr-serverFn: true`, a same-origin
 * `Origin`/`Sec-Fetch-Site` (Start's CSRF middleware); the arguments `{ data }` serialised with seroval's
 * `toJSON`, in the `payload` query parameter of a GET or as the JSON body of a POST. The answer is seroval's
 * cross-reference JSON of `{ result }` or `{ error }` (an Error reduced to its message).
 */

// ── the functions under test ────────────────────────────────────────────────────────────────────

const THAI_ADDRESS = {
  firstname: 'สมศรี',
  lastname: 'ทดสอบ',
  telephoneNumber: '0812345678',
  email: 'somsri.fuzz@example.com',
  taxId: '',
  address: '99/1 ถนนพหลโยธิน',
  address2: '',
  country: 'TH',
  postcode: '10900',
  subDistrict: 'ลาดยาว',
  district: 'จตุจักร',
  province: 'กรุงเทพมหานคร',
}
const IDEMPOTENCY_MARKER = 'fuzz-idempotency-key'
let idempotencySequence = 0

async function ensureCartLine(env: Env, context: APIRequestContext): Promise<string> {
  const read = async () =>
    z
      .object({ items: z.array(z.object({ id: z.string() })) })
      .parse(await invoke(context, 'getCart', { lang: 'th', currency: 'thb' })).items[0]?.id
  const line = await read()
  if (line) return line
  await invoke(context, 'addToCart', { lang: 'th', currency: 'thb', sku: env.sku, quantity: 1 })
  const added = await read()
  if (!added) throw new Error('the cart stays empty')
  return added
}

async function newAddress(context: APIRequestContext): Promise<string> {
  const added = z
    .object({ ok: z.literal(true), address: z.object({ id: z.string() }) })
    .parse(await invoke(context, 'addAddress', { address: THAI_ADDRESS, isDefault: false }))
  return added.address.id
}

function orderInput(env: Env) {
  return {
    lang: 'th',
    currency: 'thb',
    idempotencyKey: IDEMPOTENCY_MARKER,
    email: env.member.email,
    telephone: env.member.telephone,
    shippingMethod: 'courier',
    storeId: null,
    address: THAI_ADDRESS,
    promotionCode: null,
    paymentMethod: 'bank_transfer',
    expectedTotal: null,
  }
}

/** Another device of the member (a login through the API from a connection of its own): its session's id. */
async function otherSession(env: Env, context: APIRequestContext): Promise<string> {
  const headers = {
    'x-forwarded-for': `10.78.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`,
  }
  const sent = await context.post(`${API}/auth/login-code`, { data: { identifier: env.member.email }, headers })
  expect(sent.status(), await sent.text()).toBe(201)
  const challenge = z.object({ challenge_token: z.string(), ref_code: z.string() }).parse(await sent.json())
  const code = await codeFor(context, env.member.email, challenge.ref_code)
  const verified = await context.post(`${API}/auth/verify`, {
    data: { challenge_token: challenge.challenge_token, code },
    headers,
  })
  expect(verified.status(), await verified.text()).toBe(200)
  const other = z
    .array(z.object({ id: z.string(), current: z.boolean() }))
    .parse(await invoke(context, 'getMemberSessions'))
    .find((item) => !item.current)
  if (!other) throw new Error('the other session is not listed')
  return other.id
}

async function newOrder(env: Env, context: APIRequestContext): Promise<string> {
  await ensureCartLine(env, context)
  const placed = z.object({ ok: z.literal(true), number: z.string() }).parse(
    await invoke(context, 'placeOrder', {
      ...orderInput(env),
      idempotencyKey: `fuzz-order-${Date.now()}-${++idempotencySequence}`,
    }),
  )
  return placed.number
}

const SPECS: Record<string, Spec> = {
  // catalog
  getProductPage: {
    input: object({
      lang,
      currency,
      category: optional(slug),
      collection: optional(slug),
      gender: optional(oneOf('men', 'women')),
      tag: optional(oneOf('sale', 'new')),
      size: optional(str(6)),
      color: optional(str(24)),
      min: optional(int(0)),
      max: optional(int(0)),
      available: optional(bool),
      sort: optional(oneOf('newest', 'price_asc', 'price_desc')),
      page: optional(int(1, 400)),
      pageSize: optional(int(1, 100)),
    }),
    base: (env) => ({ lang: 'th', currency: 'thb', category: env.categorySlug, sort: 'newest', page: 1, pageSize: 12 }),
  },
  getProduct: {
    input: object({ lang, currency, id: str(160), color: optional(str(40)) }),
    base: (env) => ({ lang: 'th', currency: 'thb', id: env.productId }),
  },
  getProductStores: {
    input: object({ lang, id: slug, size: optional(str(6)) }),
    base: (env) => ({ lang: 'th', id: env.productId, size: env.size }),
  },
  searchProducts: {
    input: object({ lang, currency, q: query, page: int(1, 400) }),
    base: () => ({ lang: 'th', currency: 'thb', q: 'dress', page: 1 }),
  },
  getSuggestions: {
    input: object({ lang, currency, q: query }),
    base: () => ({ lang: 'en', currency: 'thb', q: 'lin' }),
  },
  getCategories: { input: object({ lang }), base: () => ({ lang: 'th' }) },
  getCollections: { input: object({ lang }), base: () => ({ lang: 'th' }) },
  getCollection: {
    input: object({ lang, slug: str(120), parent: optional(str(120)) }),
    base: () => ({ lang: 'th', slug: 'rainy-season-2026' }),
  },
  getEditorials: { input: object({ lang }), base: () => ({ lang: 'en' }) },
  getHomePage: { input: object({ lang }), base: () => ({ lang: 'th' }) },
  getSiteMenu: { input: object({ lang }), base: () => ({ lang: 'en' }) },
  getEditorial: {
    input: object({ lang, currency, slug: str(120) }),
    base: () => ({ lang: 'th', currency: 'thb', slug: 'chiang-mai-store-opening' }),
  },
  getStores: { input: object({ lang }), base: () => ({ lang: 'th' }) },
  scanCode: { input: object({ code: str(160, { min: 1, trim: true }) }), base: (env) => ({ code: env.sku }) },
  getContentPage: {
    input: object({ lang, currency, slug: str(400) }),
    base: () => ({ lang: 'th', currency: 'thb', slug: 'about-us' }),
  },
  // membership, quick pass, session
  getMembership: { base: () => undefined },
  getMemberCodes: { base: () => undefined },
  getQuickPass: { base: () => undefined },
  getSessionMember: { base: () => undefined },
  // addresses and Thai places
  listAddresses: { base: () => undefined },
  addAddress: {
    input: object({ address, isDefault: optional(bool) }),
    base: () => ({ address: THAI_ADDRESS, isDefault: false }),
    writes: ['addresses'],
  },
  updateAddress: {
    input: object({ id: uuid, address }),
    base: async (_env, context) => ({ id: await newAddress(context), address: { ...THAI_ADDRESS, address2: 'ชั้น 2' } }),
    writes: ['addresses'],
  },
  removeAddress: {
    input: object({ id: uuid }),
    base: async (_env, context) => ({ id: await newAddress(context) }),
    writes: ['addresses'],
  },
  setDefaultAddress: {
    input: object({ id: uuid }),
    base: async (_env, context) => ({ id: await newAddress(context) }),
    writes: ['addresses'],
  },
  checkAddress: { input: address, base: () => THAI_ADDRESS },
  thaiProvinces: { input: geo, base: () => ({ lang: 'th' }) },
  thaiDistricts: { input: geo, base: () => ({ lang: 'th', province: 'กรุงเทพมหานคร' }) },
  thaiSubDistricts: { input: geo, base: () => ({ lang: 'th', province: 'กรุงเทพมหานคร', district: 'จตุจักร' }) },
  thaiPostcodePlaces: {
    input: object({ lang: optional(lang), postcode: matching(/^\d{5}$/) }),
    base: () => ({ lang: 'th', postcode: '10900' }),
  },
  // accounts
  requestLoginCode: {
    input: object({ identifier: str(254), country: optional(countryCode), lang: optional(lang), ...captcha }),
    base: (env) => ({ identifier: env.member.email, lang: 'th' }),
  },
  registerMember: {
    input: object({
      fullname: str(100),
      email: str(254),
      telephone: str(32),
      country: optional(countryCode),
      gender: oneOf('male', 'female', 'others'),
      birthdate: matching(/^\d{4}-\d{2}-\d{2}$/),
      acceptTerms: { kind: 'true' },
      lang: optional(lang),
      ...captcha,
    }),
    base: () => ({
      fullname: 'ฟัซ ทดสอบ',
      email: uniqueEmail('fuzz'),
      telephone: uniqueMobile().local,
      gender: 'female',
      birthdate: '1990-01-01',
      acceptTerms: true,
      lang: 'th',
    }),
  },
  getChallenge: { base: () => undefined },
  resendCode: { input: object({ lang: optional(lang), ...captcha }), base: () => ({ lang: 'th' }) },
  verifyCode: { input: object({ code: str(12), ...captcha }), base: () => ({ code: '000000' }) },
  logout: { base: () => undefined, guestOnly: true },
  updateProfile: {
    input: object({
      fullname: str(100),
      gender: nullable(oneOf('male', 'female', 'others')),
      birthdate: nullable(matching(/^\d{4}-\d{2}-\d{2}$/)),
    }),
    base: (env) => ({ fullname: env.member.fullname, gender: 'female', birthdate: '1992-03-14' }),
    writes: ['profile'],
  },
  // A new e-mail or telephone only sends a code: nothing the member owns changes until it is entered.
  requestIdentityChange: {
    input: object({
      field: oneOf('email', 'telephone'),
      value: str(254),
      country: optional(countryCode),
      lang: optional(lang),
      ...captcha,
    }),
    base: () => ({ field: 'email', value: uniqueEmail('fuzz-change'), lang: 'th' }),
  },
  // the member's sessions
  getMemberSessions: { base: () => undefined },
  endMemberSession: {
    input: object({ id: uuid }),
    base: async (env, context) => ({ id: await otherSession(env, context) }),
    writes: ['sessions'],
  },
  endOtherSessions: { base: () => undefined, writes: ['sessions'] },
  logoutEverywhere: { base: () => undefined, guestOnly: true },
  // the member's privacy rights and the cookie banner's consent (issue 33 item 2)
  requestMyData: { input: object({ lang: optional(lang) }), base: () => ({ lang: 'th' }) },
  startAccountErasure: { input: object({ lang: optional(lang), ...captcha }), base: () => ({ lang: 'en' }) },
  // No code was asked for in this browser's challenge cookie, or a fuzzed one: never the right code.
  confirmAccountErasure: {
    input: object({ code: str(12), lang: optional(lang), ...captcha }),
    base: () => ({ code: '000000', lang: 'th' }),
  },
  recordConsentChoice: {
    input: object({ id: uuid, ga: bool, ad: bool }),
    base: () => ({ id: '0f8fad5b-d9cb-469f-a165-70867728950e', ga: true, ad: false }),
  },
  loginWithLiff: {
    input: object({ idToken: str(8192, { min: 1 }) }),
    base: () => ({ idToken: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJmdXp6In0.c2lnbmF0dXJl' }),
  },
  getOutbox: { input: object({ recipient: optional(str(254)) }), base: (env) => ({ recipient: env.member.email }) },
  // checkout and orders
  quoteCheckout: {
    input: object({
      lang: optional(lang),
      currency: optional(currency),
      country: nullable(countryCode),
      shippingMethod: oneOf('courier', 'pickup'),
      promotionCode: nullable(str(40)),
    }),
    base: async (env, context) => {
      await ensureCartLine(env, context)
      return { lang: 'th', currency: 'thb', country: 'TH', shippingMethod: 'courier', promotionCode: null }
    },
  },
  placeOrder: {
    input: object({
      lang: optional(lang),
      currency: optional(currency),
      idempotencyKey: matching(/^[\w-]{8,200}$/),
      email: str(254),
      telephone: str(40),
      shippingMethod: oneOf('courier', 'pickup'),
      storeId: nullable(str(80)),
      address: nullable(address),
      promotionCode: nullable(str(40)),
      paymentMethod: oneOf('card', 'bank_transfer'),
      expectedTotal: nullable(int(0, 2_147_483_647)),
      ...captcha,
    }),
    base: async (env, context) => {
      await ensureCartLine(env, context)
      return orderInput(env)
    },
    writes: ['orders', 'cart'],
    afterSuccess: async (env, context) => {
      await ensureCartLine(env, context)
    },
    fresh: (data) =>
      typeof data === 'object' &&
      data !== null &&
      'idempotencyKey' in data &&
      data.idempotencyKey === IDEMPOTENCY_MARKER
        ? { ...data, idempotencyKey: `fuzz-${Date.now()}-${++idempotencySequence}` }
        : data,
  },
  getOrder: {
    input: object({ number: orderNumber, lang }),
    base: async (env, context) => ({ number: await newOrder(env, context), lang: 'th' }),
  },
  payOrderAgain: {
    input: object({ number: orderNumber }),
    base: async (env, context) => ({ number: await newOrder(env, context) }),
    writes: ['orders'],
  },
  getOrderHistory: { input: object({ page: optional(int(1, 1000)) }), base: () => ({ page: 1 }) },
  cancelOrder: {
    input: object({ number: orderNumber, lang }),
    base: async (env, context) => ({ number: await newOrder(env, context), lang: 'th' }),
    writes: ['orders'],
  },
  requestReturn: {
    input: object({
      number: orderNumber,
      lang,
      kind: oneOf('exchange', 'return'),
      reason: nullable(
        oneOf(
          'size_does_not_fit',
          'not_as_pictured',
          'faulty_or_damaged',
          'wrong_item_sent',
          'changed_my_mind',
          'other',
        ),
      ),
      note: nullable(str(500)),
      items: arrayOf(object({ position: int(0, 999), quantity: int(1, 99), exchangeSize: nullable(str(20)) }), 50),
    }),
    base: async (env, context) => ({
      number: await newOrder(env, context),
      lang: 'th',
      kind: 'return',
      reason: 'size_does_not_fit',
      note: null,
      items: [{ position: 0, quantity: 1, exchangeSize: null }],
    }),
    writes: ['orders'],
  },
  // cart and wishlist
  getCart: {
    input: object({ lang: optional(lang), currency: optional(currency) }),
    base: () => ({ lang: 'th', currency: 'thb' }),
  },
  addToCart: {
    input: object({ lang: optional(lang), currency: optional(currency), sku: str(80), quantity: optional(int()) }),
    base: (env) => ({ lang: 'th', currency: 'thb', sku: env.sku, quantity: 1 }),
    writes: ['cart'],
  },
  setCartQuantity: {
    input: object({ lang: optional(lang), currency: optional(currency), id: uuid, quantity: int(1, 10) }),
    base: async (env, context) => ({
      lang: 'th',
      currency: 'thb',
      id: await ensureCartLine(env, context),
      quantity: 2,
    }),
    writes: ['cart'],
  },
  removeCartLine: {
    input: object({ lang: optional(lang), currency: optional(currency), id: uuid }),
    base: async (env, context) => ({ lang: 'th', currency: 'thb', id: await ensureCartLine(env, context) }),
    writes: ['cart'],
  },
  moveLineToWishlist: {
    input: object({ lang: optional(lang), currency: optional(currency), id: uuid }),
    base: async (env, context) => ({ lang: 'th', currency: 'thb', id: await ensureCartLine(env, context) }),
    writes: ['cart', 'wishlist'],
  },
  acceptCartPrices: {
    input: object({ lang: optional(lang), currency: optional(currency) }),
    base: async (env, context) => {
      await ensureCartLine(env, context)
      return { lang: 'th', currency: 'thb' }
    },
    writes: ['cart'],
  },
  moveCartToRegion: {
    input: object({ lang: optional(lang), currency: optional(currency) }),
    base: async (env, context) => {
      await ensureCartLine(env, context)
      return { lang: 'en', currency: 'usd' }
    },
    writes: ['cart'],
  },
  getWishlist: {
    input: object({ lang: optional(lang), currency: optional(currency) }),
    base: () => ({ lang: 'th', currency: 'thb' }),
  },
  setWishlisted: {
    input: object({ productId: str(120), wished: bool }),
    base: (env) => ({ productId: env.productId, wished: true }),
    writes: ['wishlist'],
  },
}

// ── the session the fuzzing runs in ─────────────────────────────────────────────────────────────

let env: Env
let member: APIRequestContext
let api: APIRequestContext

test.beforeAll(async ({ playwright }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL ?? ''
  api = await playwright.request.newContext({ baseURL })
  member = await sameOriginContext(playwright, baseURL)
  const product = await fuzzProduct(api)
  const created = await createMember(api)
  env = { member: created, ...product }
  // The member logs in the way the login page does it: a code by e-mail, then the code.
  const requested = z
    .object({ ok: z.literal(true), challenge: z.object({ refCode: z.string() }) })
    .parse(await invoke(member, 'requestLoginCode', { identifier: created.email, lang: 'th' }))
  const code = await codeFor(api, created.email, requested.challenge.refCode)
  expect(await invoke(member, 'verifyCode', { code })).toMatchObject({ ok: true })
  expect(await invoke(member, 'getSessionMember')).toMatchObject({ email: created.email })
})

test.afterAll(async () => {
  await member?.dispose()
  await api?.dispose()
})

// ── the tests ───────────────────────────────────────────────────────────────────────────────────

test('finds every server function of the app in the build, as the browser calls them', () => {
  const manifest = serverFnsInBuild()
  const inClient = serverFnIdsInClient()
  expect(FUNCTIONS.length, 'server functions in src').toBeGreaterThanOrEqual(MIN_FUNCTIONS)
  expect(manifest.size, 'server functions in the build').toBeGreaterThanOrEqual(MIN_FUNCTIONS)
  expect(new Set(FUNCTIONS.map((item) => item.name)).size, 'export names are unique').toBe(FUNCTIONS.length)
  for (const item of FUNCTIONS) {
    expect(manifest.get(item.id), `${item.file} ${item.name}: the build has it under ${item.id}`).toBe(item.name)
    expect(inClient.has(item.id), `${item.name}: the browser's bundle calls ${item.id}`).toBe(true)
  }
  expect([...manifest.keys()].toSorted()).toEqual(FUNCTIONS.map((item) => item.id).toSorted())
  // Every function is fuzzed, and nothing is fuzzed that is gone.
  expect(Object.keys(SPECS).toSorted()).toEqual(FUNCTIONS.map((item) => item.name).toSorted())
})

test('answers unknown ids, a missing id and malformed calls with a clear 4xx', async () => {
  const before = await snapshot(member, ALL_METRICS)
  const problems: string[] = []
  const real = fn('getCategories')
  const ids = [
    'does-not-exist',
    '0'.repeat(64),
    `${real.id}x`,
    `${real.id.slice(0, 63)}`,
    ...HOSTILE_STRINGS.filter((value) => value.length < 1000).map((value) => encodeLoosely(value)),
    '%',
    '%zz',
    '%ED%A0%80',
    '%20',
    '%09',
    '%0A%20',
    'toString',
    'hasOwnProperty',
    '__defineGetter__',
    '%2F..%2F..%2Fetc%2Fpasswd',
    '%0d%0aSet-Cookie:%20a=b',
  ]
  for (const id of ids) {
    for (const method of ['GET', 'POST'] as const) {
      const target = { ...real, id, name: `id ${short(id, 40)}` }
      const call: Call = { label: 'garbage id', data: { lang: 'th' }, method, expect: 'refused' }
      const answer = await send(member, target, call)
      const found = problemsOf(answer, call)
      if (found.length > 0) problems.push(`${found.join('; ')}: ${answer.description}`)
    }
  }
  for (const path of [SERVER_FN_BASE, '/_serverFn', `${SERVER_FN_BASE}/`, `${SERVER_FN_BASE}?payload=%7B%7D`]) {
    for (const method of ['GET', 'POST']) {
      const response = await member.fetch(path, { method, headers: { 'x-tsr-serverFn': 'true' }, maxRedirects: 0 })
      const text = await response.text()
      if (response.status() < 400 || response.status() >= 500 || !/"message"/.test(text)) {
        problems.push(`${method} ${path} → ${response.status()} ${short(text)}`)
      }
    }
  }
  // Every malformed payload, to a GET and a POST function; form bodies, other content types, 2 MB.
  for (const target of [fn('getCategories'), fn('requestLoginCode')]) {
    const calls: Call[] = RAW_PAYLOADS.map((raw) => ({
      label: raw.label,
      raw: raw.text(),
      expect: raw.decodes ? undefined : 'refused',
    }))
    if (target.method === 'POST') {
      calls.push(
        {
          label: 'form body',
          raw: 'identifier=a&__proto__[admin]=1',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          expect: { status: 415 },
        },
        {
          label: 'malformed multipart',
          raw: '--x\r\nbroken',
          headers: { 'content-type': 'multipart/form-data; boundary=x' },
          expect: { status: 415 },
        },
        {
          label: 'text/plain body',
          raw: '{"identifier":"a"}',
          headers: { 'content-type': 'text/plain' },
          expect: 'refused',
        },
        { label: 'no content-type', raw: 'x', headers: { 'content-type': '' }, expect: 'refused' },
        { label: '2 MB payload', data: { identifier: 'a'.repeat(2_000_000) }, expect: { status: 413 } },
      )
    }
    for (const call of calls) {
      const answer = await send(member, target, call)
      const found = problemsOf(answer, call)
      if (found.length > 0) problems.push(`${found.join('; ')}: ${answer.description}`)
    }
  }
  // The shop still answers normally, and nothing it keeps for the member changed.
  expect(await invoke(member, 'getCategories', { lang: 'th' })).toMatchObject({ items: expect.any(Array) })
  expect(differences(before, await snapshot(member, ALL_METRICS))).toEqual([])
  expect(problems.join('\n'), `${problems.length} problems`).toBe('')
})

for (const [index, [name, spec]] of Object.entries(SPECS).entries()) {
  test(`${name}: generated and hostile input get a clear 4xx or a refusal, never a 5xx, and store nothing half`, async ({
    playwright,
  }, testInfo) => {
    test.setTimeout(90_000)
    const baseURL = testInfo.project.use.baseURL ?? ''
    const target = fn(name)
    const problems: string[] = []
    const outcomes = new Map<string, number>()
    const guest = await sameOriginContext(playwright, baseURL)
    try {
      // As the member (or a guest, for the call that ends a session), then a few calls as a guest.
      const context = spec.guestOnly ? guest : member
      const base = await spec.base(env, context)
      const writes = spec.writes ?? []
      const before = await snapshot(member, ALL_METRICS)
      let known = await snapshot(member, writes)
      let successes = 0
      const run = async (on: APIRequestContext, call: Call, watch: boolean) => {
        const prepared = spec.fresh && 'data' in call ? { ...call, data: spec.fresh(call.data) } : call
        const answer = await send(on, target, prepared)
        const found = problemsOf(answer, call)
        const refused =
          answer.status >= 400 || (answer.decoded.kind === 'result' && isRefusalResult(answer.decoded.value))
        const outcome =
          answer.status >= 400 ? String(answer.status) : refused ? `${answer.status} ok:false` : String(answer.status)
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1)
        if (!refused && answer.status < 300) {
          successes++
          if (watch) await spec.afterSuccess?.(env, on)
        }
        if (watch && writes.length > 0) {
          const now = await snapshot(member, writes)
          const changed = differences(known, now)
          if (refused && changed.length > 0) found.push(`a refused call changed ${changed.join(', ')}`)
          known = now
        }
        if (found.length > 0) problems.push(`${found.join('; ')}\n  ${answer.description}`)
      }
      for (const call of callsFor(name, spec, base, index)) await run(context, call, context === member)
      const guestCalls = callsFor(name, spec, base, index + 1000).filter((call) =>
        /^(valid arguments|no arguments|data null|without |fast-check #[0-2] )/.test(call.label),
      )
      for (const call of guestCalls) await run(guest, call, false)

      // Whatever the member owns that this function does not write is as it was; what it writes changed only
      // if a call succeeded.
      const after = await snapshot(member, ALL_METRICS)
      const untouched = differences(
        before,
        after,
        ALL_METRICS.filter((metric) => !writes.includes(metric)),
      )
      if (untouched.length > 0) problems.push(`${name} does not write these, yet they changed: ${untouched.join(', ')}`)
      if (successes === 0 && differences(before, after).length > 0) {
        problems.push(`no call succeeded, yet ${differences(before, after).join(', ')}`)
      }
    } finally {
      await guest.dispose()
    }
    testInfo.annotations.push({
      type: 'answers',
      description: [...outcomes.entries()].map(([outcome, count]) => `${outcome}×${count}`).join(' '),
    })
    expect(problems.slice(0, 25).join('\n\n'), `${problems.length} problems`).toBe('')
  })
}
