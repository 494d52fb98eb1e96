/**
 * The back office's client of the admin API (DESIGN.md §8; decisions 173, 177): same-origin `fetch` under
 * /api/admin/{storeKey}/…, with the staff session's HttpOnly, SameSite=Strict cookie and the `X-Staff-Request` header
 * the API's CSRF check asks of cookie calls; never a server function. Bodies and answers are the contract's own
 * (src/contract/admin.ts, snake_case as on the wire): only its types are imported, no byte of zod.
 *
 * A refusal rejects with {@link AdminApiError}: the machine's reason (PERMISSION_DENIED, STEP_UP_REQUIRED …) and the
 * message the API wrote in the staff member's language. A call the server does not offer yet rejects with
 * {@link AdminApiNotAvailable}.
 */
import type { z } from 'zod'
import type * as contract from '~/contract/admin'
import type * as ordersContract from '~/contract/admin-orders'
import type * as refundsContract from '~/contract/admin-refunds'
import type * as alertsContract from '~/contract/admin-alerts'
import type * as slipsContract from '~/contract/slips'
import type * as fulfilmentContract from '~/contract/admin-fulfilment'
import type * as returnsContract from '~/contract/admin-returns'
import type * as stockContract from '~/contract/admin-stock'
import type * as pricesContract from '~/contract/admin-prices'
import type * as promotionsContract from '~/contract/admin-promotions'
import type * as csvContract from '~/contract/admin-csv'
import type * as reportsContract from '~/contract/admin-reports'
import type * as productsContract from '~/contract/admin-products'
import type * as picturesContract from '~/contract/admin-pictures'
import type * as contentContract from '~/contract/admin-content'
import type * as siteContract from '~/contract/admin-site'
import type * as membersContract from '~/contract/admin-members'
import type * as siteDocuments from '~/contract/site'
import type * as privacyContract from '~/contract/admin-privacy'
import type { StoreWire } from '~/contract/catalog'
import type { AdminLocale } from './locale'

type Out<Schema extends z.ZodType> = z.output<Schema>
type In<Schema extends z.ZodType> = z.input<Schema>

export type SecondFactorKind = (typeof contract.SECOND_FACTOR_KINDS)[number]
export type SignInStarted = Out<typeof contract.signInStartedSchema>
export type SignInFactors = Out<typeof contract.signInFactorsSchema>
export type Me = Out<typeof contract.meSchema>
export type StaffSession = Out<typeof contract.staffSessionSchema>
export type StepUp = Out<typeof contract.stepUpSchema>
export type Role = Out<typeof contract.roleSchema>
export type Staff = Out<typeof contract.staffSchema>
export type Invite = Out<typeof contract.inviteSchema>
export type InviteCreated = Out<typeof contract.inviteCreatedSchema>
export type OpenInvite = Out<typeof contract.openInviteSchema>
export type TotpEnrolment = Out<typeof contract.totpEnrolmentSchema>
export type Enrolled = Out<typeof contract.enrolledSchema>
export type ApiKey = Out<typeof contract.apiKeySchema>
export type ApiKeyCreated = Out<typeof contract.apiKeyCreatedSchema>
export type AuditEntry = Out<typeof contract.auditEntrySchema>
export type AuditPage = Out<typeof contract.auditPageSchema>
export type AuditQuery = Partial<Out<typeof contract.auditQuery>>
/** WebAuthn options as the API gives them, for `PublicKeyCredential.parse…OptionsFromJSON`. */
export type WebAuthnOptions = Out<typeof contract.webauthnOptionsSchema>
/** A WebAuthn credential as `PublicKeyCredential.toJSON()` writes it. */
export type WebAuthnCredential = In<typeof contract.passkeyEnrolBody>['credential']

/** A second factor typed in: an authenticator app's code or a recovery code. */
export type TypedFactor = { kind: 'totp' | 'recovery_code'; code: string }

/** One line of the orders list, one page of it, and what the list asks for (the URL's filters: search.ts). */
export type OrderRow = Out<typeof ordersContract.adminOrderRowSchema>
export type OrderPage = Out<typeof ordersContract.adminOrderPageSchema>
export type OrdersQuery = Partial<Out<typeof ordersContract.adminOrdersQuery>>
/** The queues of work on the home screen. */
export type OrderQueues = Out<typeof ordersContract.orderQueuesSchema>
/** An order as its screen shows it: detail, notes, timeline and what §4 allows now. */
export type AdminOrder = Out<typeof ordersContract.adminOrderSchema>
export type OrderNote = Out<typeof ordersContract.orderNoteSchema>
export type OrderAddressInput = In<typeof ordersContract.orderAddressBody>
/** An order's refunds and disputes, what may still be refunded; a refund asked and its answer (issue 31 item 7). */
export type OrderRefunds = Out<typeof refundsContract.orderRefundsSchema>
export type RefundInput = In<typeof refundsContract.refundBody>
export type RefundCreated = Out<typeof refundsContract.refundCreatedSchema>
/** Members (issue 33 item 1): a line of the list, a page, what the list asks for, a member's page, the actions. */
export type MemberRow = Out<typeof membersContract.adminMemberRowSchema>
export type MemberPage = Out<typeof membersContract.adminMemberPageSchema>
export type MembersQuery = Partial<Out<typeof membersContract.adminMembersQuery>>
export type AdminMember = Out<typeof membersContract.adminMemberSchema>
export type GoodwillInput = In<typeof membersContract.adminGoodwillBody>
export type GoodwillIssued = Out<typeof membersContract.adminGoodwillIssuedSchema>
export type MergeInput = In<typeof membersContract.adminMergeBody>
export type MergeResult = Out<typeof membersContract.adminMergeResultSchema>
/** A branch of the brand (the pick-up filter's choices). */
export type Branch = Pick<StoreWire, 'id' | 'name'>

/** A refusal of the admin API: its HTTP status, the machine's reason and the message in the staff's language. */
export class AdminApiError extends Error {
  readonly status: number
  readonly reason: string
  /** What was wrong per field (`price_thb`, `rows.{id}` …), as machine codes, when the API said; empty if none. */
  readonly fields: Readonly<Record<string, string>>

  constructor(status: number, reason: string, message: string, fields: Record<string, string> = {}) {
    super(message)
    this.name = 'AdminApiError'
    this.status = status
    this.reason = reason
    this.fields = fields
  }
}

/** An admin API call that the server does not offer yet. */
export class AdminApiNotAvailable extends Error {
  readonly operation: string

  constructor(operation: string) {
    super(`The admin API's ${operation} is not available yet`)
    this.name = 'AdminApiNotAvailable'
    this.operation = operation
  }
}

/** True when the refusal is one of `reasons`. */
export function isRefusal(error: unknown, ...reasons: string[]): error is AdminApiError {
  return error instanceof AdminApiError && (reasons.length === 0 || reasons.includes(error.reason))
}

/** The store the page was served for: the server writes its key into the page (admin-page.server.ts). */
function storeKey(): string {
  if (typeof document === 'undefined') return 'demo'
  return document.querySelector<HTMLMetaElement>('meta[name="store-key"]')?.content || 'demo'
}

/** The language refusals are written in before a session says the staff member's own. */
let requestLanguage: AdminLocale = 'th'

/** Sets the language the API writes refusals in for a caller not signed in (the app's, from its path). */
export function setAdminApiLanguage(language: AdminLocale): void {
  requestLanguage = language
}

type CallInit = {
  body?: unknown
  /** Bytes sent as they are (a picture, a CSV file), instead of a JSON body; typed by the file unless `headers` say. */
  raw?: Blob
  headers?: Record<string, string>
  query?: Record<string, string | number | undefined>
}

/** One call's response; any status outside 2xx rejects with its reason and message. */
async function request(method: string, path: string, init: CallInit = {}): Promise<Response> {
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(init.query ?? {})) {
    if (value !== undefined && value !== '') query.set(name, String(value))
  }
  const url = `/api/admin/${encodeURIComponent(storeKey())}${path}${query.size ? `?${query}` : ''}`
  let response: Response
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        'accept-language': requestLanguage,
        'x-staff-request': '1',
        ...(init.raw
          ? { 'content-type': init.raw.type || 'application/octet-stream' }
          : init.body === undefined
            ? {}
            : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    })
  } catch {
    throw new AdminApiError(0, 'NETWORK', '')
  }
  if (response.ok) return response
  const refusal = ((await response.json().catch(() => null)) ?? {}) as {
    reason?: unknown
    message?: unknown
    fields?: unknown
  }
  const fields =
    refusal.fields && typeof refusal.fields === 'object'
      ? Object.fromEntries(
          Object.entries(refusal.fields as Record<string, unknown>).filter(
            (entry): entry is [string, string] => typeof entry[1] === 'string',
          ),
        )
      : {}
  throw new AdminApiError(
    response.status,
    typeof refusal.reason === 'string' ? refusal.reason : `HTTP_${response.status}`,
    typeof refusal.message === 'string' ? refusal.message : '',
    fields,
  )
}

/** One call: JSON in, JSON out (nothing for a 204). */
export async function adminCall<T>(method: string, path: string, init: CallInit = {}): Promise<T> {
  const response = await request(method, path, init)
  return (response.status === 204 ? undefined : await response.json()) as T
}

// ── sign-in ──────────────────────────────────────────────────────────────────────────────────────

/** Step 1: sends a sign-in code to the e-mail address (the same answer whether or not staff have it). */
export function startSignIn(input: { email: string; language: AdminLocale }): Promise<SignInStarted> {
  return adminCall('POST', '/auth/sign-in', { body: { email: input.email, lang: input.language } })
}

/** Step 2: the e-mail code; the answer lists the second factors this staff member can give. */
export function verifySignInCode(input: { signInToken: string; code: string }): Promise<SignInFactors> {
  return adminCall('POST', '/auth/sign-in/code', { body: { sign_in_token: input.signInToken, code: input.code } })
}

/** Step 3: a typed second factor; the session cookie is set by the answer. */
export function finishSignIn(input: { signInToken: string; factor: TypedFactor }): Promise<Me> {
  const path = input.factor.kind === 'totp' ? '/auth/sign-in/totp' : '/auth/sign-in/recovery-code'
  return adminCall('POST', path, { body: { sign_in_token: input.signInToken, code: input.factor.code } })
}

/** Step 3 with a passkey: the options for the browser, then the credential it made. */
export function signInPasskeyOptions(signInToken: string): Promise<WebAuthnOptions> {
  return adminCall('POST', '/auth/sign-in/passkey/options', { body: { sign_in_token: signInToken } })
}
export function finishSignInWithPasskey(signInToken: string, credential: WebAuthnCredential): Promise<Me> {
  return adminCall('POST', '/auth/sign-in/passkey', { body: { sign_in_token: signInToken, credential } })
}

export function signOut(): Promise<void> {
  return adminCall('POST', '/auth/sign-out')
}

/** Who is signed in; UNAUTHENTICATED (401) when nobody. */
export function me(): Promise<Me> {
  return adminCall('GET', '/me')
}

// ── step-up: the second factor again, for money, permission, key and export actions ─────────────

export function stepUpWithCode(factor: TypedFactor): Promise<StepUp> {
  const path = factor.kind === 'totp' ? '/auth/step-up/totp' : '/auth/step-up/recovery-code'
  return adminCall('POST', path, { body: { code: factor.code } })
}
export function stepUpPasskeyOptions(): Promise<WebAuthnOptions> {
  return adminCall('POST', '/auth/step-up/passkey/options')
}
export function stepUpWithPasskey(credential: WebAuthnCredential): Promise<StepUp> {
  return adminCall('POST', '/auth/step-up/passkey', { body: { credential } })
}

// ── invitations (the token travels in the link's fragment and is sent as a header) ──────────────

const invited = (token: string) => ({ 'x-invite-token': token })

export function readInvite(token: string): Promise<Invite> {
  return adminCall('GET', '/invite', { headers: invited(token) })
}
export function acceptInvite(token: string, input: In<typeof contract.inviteAcceptBody>): Promise<Invite> {
  return adminCall('POST', '/invite/accept', { headers: invited(token), body: input })
}
export function startTotpEnrolment(token: string): Promise<TotpEnrolment> {
  return adminCall('POST', '/invite/totp', { headers: invited(token) })
}
export function confirmTotpEnrolment(token: string, code: string): Promise<Enrolled> {
  return adminCall('POST', '/invite/totp/confirm', { headers: invited(token), body: { code } })
}
export function invitePasskeyOptions(token: string): Promise<WebAuthnOptions> {
  return adminCall('POST', '/invite/passkey/options', { headers: invited(token) })
}
export function enrolPasskey(token: string, credential: WebAuthnCredential): Promise<Enrolled> {
  return adminCall('POST', '/invite/passkey', { headers: invited(token), body: { credential } })
}

// ── staff, roles, sessions, keys, audit ─────────────────────────────────────────────────────────

export function createInvite(input: In<typeof contract.inviteCreateBody>): Promise<InviteCreated> {
  return adminCall('POST', '/invites', { body: input })
}
/** Ten new recovery codes for the signed-in staff member (step-up); the old ones stop working. */
export function renewRecoveryCodes(): Promise<{ recovery_codes: string[] }> {
  return adminCall('POST', '/me/recovery-codes')
}
export function listInvites(): Promise<{ items: OpenInvite[] }> {
  return adminCall('GET', '/invites')
}
export function revokeInvite(id: string): Promise<void> {
  return adminCall('DELETE', `/invites/${encodeURIComponent(id)}`)
}
export function listStaff(): Promise<{ items: Staff[] }> {
  return adminCall('GET', '/staff')
}
export function updateStaff(id: string, input: In<typeof contract.staffUpdateBody>): Promise<Staff> {
  return adminCall('PATCH', `/staff/${encodeURIComponent(id)}`, { body: input })
}
export function listRoles(): Promise<{ items: Role[] }> {
  return adminCall('GET', '/roles')
}
export function createRole(input: In<typeof contract.roleCreateBody>): Promise<Role> {
  return adminCall('POST', '/roles', { body: input })
}
export function updateRole(id: string, input: In<typeof contract.roleUpdateBody>): Promise<Role> {
  return adminCall('PATCH', `/roles/${encodeURIComponent(id)}`, { body: input })
}
export function deleteRole(id: string): Promise<void> {
  return adminCall('DELETE', `/roles/${encodeURIComponent(id)}`)
}
export function listOwnSessions(): Promise<{ items: StaffSession[] }> {
  return adminCall('GET', '/sessions')
}
export function revokeOwnSession(id: string): Promise<void> {
  return adminCall('DELETE', `/sessions/${encodeURIComponent(id)}`)
}
export function listAllSessions(): Promise<{ items: StaffSession[] }> {
  return adminCall('GET', '/staff-sessions')
}
export function revokeSession(id: string): Promise<void> {
  return adminCall('DELETE', `/staff-sessions/${encodeURIComponent(id)}`)
}
export function listApiKeys(): Promise<{ items: ApiKey[] }> {
  return adminCall('GET', '/api-keys')
}
export function createApiKey(input: In<typeof contract.apiKeyCreateBody>): Promise<ApiKeyCreated> {
  return adminCall('POST', '/api-keys', { body: input })
}
export function revokeApiKey(id: string): Promise<void> {
  return adminCall('DELETE', `/api-keys/${encodeURIComponent(id)}`)
}
export function listAudit(query: AuditQuery): Promise<AuditPage> {
  return adminCall('GET', '/audit', { query })
}
/** The CSV export of the same filters: fetched (it needs the CSRF header and a step-up), then saved by the screen. */
export async function exportAudit(query: AuditQuery): Promise<Blob> {
  const response = await request('GET', '/audit/export', { query })
  return response.blob()
}

// ── members (issue 33 item 1) ──────────────────────────────────────────────────────────────────

const memberPath = (id: string) => `/members/${encodeURIComponent(id)}`

/** Members found, sorted and paged by the server. */
export function listMembers(query: MembersQuery): Promise<MemberPage> {
  return adminCall('GET', '/members', { query })
}
export function getMember(id: string): Promise<AdminMember> {
  return adminCall('GET', memberPath(id))
}
export function issueGoodwillCode(id: string, input: GoodwillInput): Promise<GoodwillIssued> {
  return adminCall('POST', `${memberPath(id)}/goodwill-codes`, { body: input })
}
export function correctBirthdate(id: string, birthdate: string, reason: string): Promise<AdminMember> {
  return adminCall('POST', `${memberPath(id)}/birthdate`, { body: { birthdate, reason } })
}
export function setMemberBlocked(id: string, blocked: boolean, reason: string): Promise<AdminMember> {
  return adminCall('POST', `${memberPath(id)}/${blocked ? 'block' : 'unblock'}`, { body: { reason } })
}
export function endMemberSessions(id: string, reason: string): Promise<{ ended: number }> {
  return adminCall('POST', `${memberPath(id)}/sessions/end`, { body: { reason } })
}
export function mergeMembers(id: string, input: MergeInput): Promise<MergeResult> {
  return adminCall('POST', `${memberPath(id)}/merge`, { body: input })
}

// ── orders (issue 31 item 5) ────────────────────────────────────────────────────────────────────

const orderPath = (number: string) => `/orders/${encodeURIComponent(number)}`

/** The orders list, filtered, searched, sorted and paged by the server. */
export function listOrders(query: OrdersQuery): Promise<OrderPage> {
  return adminCall('GET', '/orders', { query })
}
export function orderQueues(): Promise<OrderQueues> {
  return adminCall('GET', '/orders/queues')
}
export function getOrder(number: string): Promise<AdminOrder> {
  return adminCall('GET', orderPath(number))
}
export function addOrderNote(number: string, body: string): Promise<OrderNote> {
  return adminCall('POST', `${orderPath(number)}/notes`, { body: { body } })
}
export function cancelOrder(number: string, reason: string): Promise<AdminOrder> {
  return adminCall('POST', `${orderPath(number)}/cancel`, { body: { reason } })
}
export function updateOrderAddress(number: string, address: OrderAddressInput): Promise<AdminOrder> {
  return adminCall('PUT', `${orderPath(number)}/address`, { body: address })
}
export function getOrderRefunds(number: string): Promise<OrderRefunds> {
  return adminCall('GET', `${orderPath(number)}/refunds`)
}
/** A refund; `key` is its Idempotency-Key (the same key answers the first refund, never a second). */
export function createRefund(number: string, input: RefundInput, key: string): Promise<RefundCreated> {
  return adminCall('POST', `${orderPath(number)}/refunds`, { body: input, headers: { 'idempotency-key': key } })
}

/** The brand's branches in a language, from the shop's own public API (the same list shoppers pick up from). */
export async function listBranches(language: AdminLocale): Promise<Branch[]> {
  const publicApi = `/api/public/${encodeURIComponent(storeKey())}/`
  const response = await fetch(`${publicApi}stores?lang=${language}`, {
    headers: { accept: 'application/json' },
  })
  if (!response.ok) throw new AdminApiError(response.status, `HTTP_${response.status}`, '')
  const { items } = (await response.json()) as { items: StoreWire[] }
  return items.map((store) => ({ id: store.id, name: store.name }))
}

// ── my LINE alerts (issue 31 item 10) ───────────────────────────────────────────────────────────────

/** The caller's LINE alerts: the link to LINE, the alerts chosen and allowed, the last ones made. */
export type AlertSettings = Out<typeof alertsContract.staffAlertSettingsSchema>
export type AlertKind = AlertSettings['kinds'][number]['kind']
export type StaffAlert = Out<typeof alertsContract.staffAlertSchema>
export type LineLinkCode = Out<typeof alertsContract.lineLinkCodeSchema>

export function getMyAlerts(): Promise<AlertSettings> {
  return adminCall('GET', '/me/alerts')
}
export function chooseMyAlerts(kinds: AlertKind[]): Promise<AlertSettings> {
  return adminCall('PUT', '/me/alerts', { body: { kinds } })
}
export function createLineLinkCode(): Promise<LineLinkCode> {
  return adminCall('POST', '/me/alerts/line-code')
}
export function unlinkLine(): Promise<void> {
  return adminCall('DELETE', '/me/alerts/line')
}

// ── transfer slips (issue 31 item 6) ────────────────────────────────────────────────────────────

export type AdminSlip = Out<typeof slipsContract.adminSlipSchema>
export type SlipStatus = (typeof slipsContract.SLIP_STATUSES)[number]
export type SlipRejectReason = (typeof slipsContract.SLIP_REJECT_REASONS)[number]
export type StatementProposal = Out<typeof slipsContract.statementProposalSchema>
export type StatementResult = Out<typeof slipsContract.statementConfirmSchema>['results'][number]

export function listSlips(status: SlipStatus = 'review'): Promise<{ items: AdminSlip[] }> {
  return adminCall('GET', '/slips', { query: { status } })
}
/** Where a slip's picture is read (the staff cookie goes with an image of the same site). */
export function slipPictureUrl(id: string): string {
  return `/api/admin/${encodeURIComponent(storeKey())}/slips/${encodeURIComponent(id)}/picture`
}
export function confirmSlip(id: string): Promise<AdminSlip> {
  return adminCall('POST', `/slips/${encodeURIComponent(id)}/confirm`)
}
export function rejectSlip(id: string, reason: SlipRejectReason, note: string | null): Promise<AdminSlip> {
  return adminCall('POST', `/slips/${encodeURIComponent(id)}/reject`, { body: { reason, note } })
}
export function markOrderPaid(number: string, reference: string): Promise<AdminOrder> {
  return adminCall('POST', `${orderPath(number)}/mark-paid`, { body: { reference } })
}
export function previewStatement(csv: string): Promise<{ proposals: StatementProposal[] }> {
  return adminCall('POST', '/payments/statement/preview', { body: { csv } })
}
export function confirmStatement(
  matches: Array<{ number: string; reference: string }>,
): Promise<{ results: StatementResult[] }> {
  return adminCall('POST', '/payments/statement/confirm', { body: { matches } })
}

// ── fulfilment (issue 31 item 8) ────────────────────────────────────────────────────────────────

export type FulfilmentDocumentKind = (typeof fulfilmentContract.FULFILMENT_DOCUMENT_KINDS)[number]
export type TrackingImport = Out<typeof fulfilmentContract.trackingImportSchema>
export type ParcelEvents = Out<typeof fulfilmentContract.parcelEventsSchema>
export type CarrierId = In<typeof fulfilmentContract.shipBody>['carrier']

/**
 * The address of a document of these orders (a PDF): a link the browser opens with the session's cookie (a GET needs
 * no CSRF header), so a phone shows it in its own viewer and prints from there.
 */
export function fulfilmentDocumentUrl(kind: FulfilmentDocumentKind, numbers: readonly string[]): string {
  const query = new URLSearchParams({ kind, numbers: numbers.join(',') })
  return `/api/admin/${encodeURIComponent(storeKey())}/fulfilment/documents?${query}`
}
/** A parcel handed to its carrier: the order ships with it (or gets one parcel more). */
export function shipOrder(number: string, carrier: CarrierId, trackingNumber: string): Promise<AdminOrder> {
  return adminCall('POST', `${orderPath(number)}/parcels`, { body: { carrier, tracking_number: trackingNumber } })
}
/** The tracking CSV: a dry run (apply false) reports each row; the apply ships them all or none. */
export function importTracking(csv: string, apply: boolean): Promise<TrackingImport> {
  return adminCall('POST', '/fulfilment/tracking-import', { body: { csv, apply } })
}
/** What the carrier said of the order's parcels. */
export function orderTracking(number: string): Promise<ParcelEvents> {
  return adminCall('GET', `${orderPath(number)}/tracking`)
}

// ── returns to the end (issue 31 item 9) ────────────────────────────────────────────────────────

/** A return request as the back office works on it, and what receiving it sends. */
export type AdminReturn = Out<typeof returnsContract.adminReturnSchema>
export type ReturnReceiveInput = In<typeof returnsContract.adminReturnReceiveBody>

const returnPath = (id: string) => `/returns/${encodeURIComponent(id)}`

export function getReturn(id: string): Promise<AdminReturn> {
  return adminCall('GET', returnPath(id))
}
export function decideReturn(id: string, decision: 'accept' | 'reject', note: string): Promise<AdminReturn> {
  return adminCall('POST', `${returnPath(id)}/${decision}`, { body: note ? { note } : {} })
}
export function receiveReturn(id: string, input: ReturnReceiveInput): Promise<AdminReturn> {
  return adminCall('POST', `${returnPath(id)}/receive`, { body: input })
}
export function endReturn(id: string, outcome: 'exchange' | 'refund'): Promise<AdminReturn> {
  return adminCall('POST', `${returnPath(id)}/${outcome}`)
}
/** The credit note's PDF, opened by a link (a GET with the session's cookie). */
export function creditNoteUrl(id: string): string {
  return `/api/admin/${encodeURIComponent(storeKey())}${returnPath(id)}/credit-note`
}

// ── stock (issue 32 item 3) ────────────────────────────────────────────────────────────────────

export type StockSearch = Out<typeof stockContract.adminStockSearchSchema>
export type StockMatrix = Out<typeof stockContract.adminStockMatrixSchema>
export type StockLocation = Out<typeof stockContract.adminStockLocationSchema>
export type StockAdjustInput = In<typeof stockContract.adminStockAdjustBody>
export type StockAdjusted = Out<typeof stockContract.adminStockAdjustedSchema>
export type StockMovementPage = Out<typeof stockContract.adminStockMovementPageSchema>
export type StockMovement = Out<typeof stockContract.adminStockMovementSchema>
export type StockTransfer = Out<typeof stockContract.adminStockTransferSchema>
export type StockTransferPage = Out<typeof stockContract.adminStockTransferPageSchema>
export type StockTransferInput = In<typeof stockContract.adminStockTransferBody>
export type StockTransferStatus = StockTransfer['status']

export function stockLocations(): Promise<{ locations: StockLocation[] }> {
  return adminCall('GET', '/stock/locations')
}
export function searchStock(q: string): Promise<StockSearch> {
  return adminCall('GET', '/stock/products', { query: { q } })
}
export function stockMatrix(id: string): Promise<StockMatrix> {
  return adminCall('GET', `/stock/products/${encodeURIComponent(id)}`)
}
export function adjustStock(input: StockAdjustInput): Promise<StockAdjusted> {
  return adminCall('POST', '/stock/adjustments', { body: input })
}
export type StockCounted = Out<typeof stockContract.adminStockCountedSchema>
/** A count sheet: each size counted at one location set to what was found, all or nothing. */
export function countStock(input: {
  location: string
  note: string
  lines: Array<{ sku: string; counted: number }>
}): Promise<StockCounted> {
  return adminCall('POST', '/stock/counts', { body: input })
}
export function stockMovements(sku: string, page = 1): Promise<StockMovementPage> {
  return adminCall('GET', `/stock/sizes/${encodeURIComponent(sku)}/movements`, { query: { page } })
}
export function setStockThreshold(
  sku: string,
  threshold: number,
): Promise<{ sku: string; low_stock_threshold: number }> {
  return adminCall('PUT', `/stock/sizes/${encodeURIComponent(sku)}/threshold`, {
    body: { low_stock_threshold: threshold },
  })
}
export function listStockTransfers(status: StockTransferStatus, page = 1): Promise<StockTransferPage> {
  return adminCall('GET', '/stock/transfers', { query: { status, page } })
}
export function sendStockTransfer(input: StockTransferInput): Promise<StockTransfer> {
  return adminCall('POST', '/stock/transfers', { body: input })
}
export function closeStockTransfer(id: string, action: 'receive' | 'cancel'): Promise<StockTransfer> {
  return adminCall('POST', `/stock/transfers/${encodeURIComponent(id)}/${action}`)
}
// ── prices (issue 32 item 4) ────────────────────────────────────────────────────────────────────

export type PricedProduct = Out<typeof pricesContract.adminPricedProductSchema>
export type PricedPage = Out<typeof pricesContract.adminPricedPageSchema>
export type PriceFamily = Out<typeof pricesContract.adminPriceFamilySchema>
export type PriceSetInput = In<typeof pricesContract.adminPriceSetBody>
export type PriceFilter = In<typeof pricesContract.adminPriceFilter>
export type BulkPriceInput = In<typeof pricesContract.adminBulkPriceBody>
export type BulkPriceResult = Out<typeof pricesContract.adminBulkPriceSchema>
export type PriceSchedule = Out<typeof pricesContract.adminPriceScheduleSchema>
export type PriceScheduleRow = Out<typeof pricesContract.adminPriceScheduleRowSchema>
export type PriceScheduleInput = In<typeof pricesContract.adminPriceScheduleBody>
export type PriceScheduleStatus = PriceScheduleRow['status']
/** A category or collection to filter by: its slug and its name in the asked language. */
export type CatalogChoice = { slug: string; name: string }

export function listPricedProducts(filter: PriceFilter, page: number): Promise<PricedPage> {
  return adminCall('GET', '/prices/products', { query: { ...filter, page } })
}
export function getPriceFamily(id: string): Promise<PriceFamily> {
  return adminCall('GET', `/products/${encodeURIComponent(id)}/prices`)
}
export function setPrices(id: string, input: PriceSetInput): Promise<PricedProduct> {
  return adminCall('PUT', `/products/${encodeURIComponent(id)}/prices`, { body: input })
}
/** A bulk change: a dry run (apply false) lists each product's old and new prices; the apply changes all or none. */
export function bulkPrices(input: BulkPriceInput): Promise<BulkPriceResult> {
  return adminCall('POST', '/prices/bulk', { body: input })
}
export function listPriceSchedules(): Promise<{ items: PriceScheduleRow[] }> {
  return adminCall('GET', '/price-schedules')
}
export function getPriceSchedule(id: string): Promise<PriceSchedule> {
  return adminCall('GET', `/price-schedules/${encodeURIComponent(id)}`)
}
export function createPriceSchedule(input: PriceScheduleInput): Promise<PriceSchedule> {
  return adminCall('POST', '/price-schedules', { body: input })
}
export function updatePriceSchedule(id: string, input: PriceScheduleInput): Promise<PriceSchedule> {
  return adminCall('PUT', `/price-schedules/${encodeURIComponent(id)}`, { body: input })
}
export function cancelPriceSchedule(id: string): Promise<PriceSchedule> {
  return adminCall('POST', `/price-schedules/${encodeURIComponent(id)}/cancel`)
}

/** The shop's categories or collections in a language, from its own public API (what shoppers browse). */
export async function listCatalogChoices(
  kind: 'categories' | 'collections',
  language: AdminLocale,
): Promise<CatalogChoice[]> {
  const publicApi = `/api/public/${encodeURIComponent(storeKey())}/`
  const response = await fetch(`${publicApi}${kind}?lang=${language}`, { headers: { accept: 'application/json' } })
  if (!response.ok) throw new AdminApiError(response.status, `HTTP_${response.status}`, '')
  const { items } = (await response.json()) as { items: CatalogChoice[] }
  return items.map((item) => ({ slug: item.slug, name: item.name }))
}

// ── promotions (issue 32 item 5) ─────────────────────────────────────────────────────────────────

export type PromotionCode = Out<typeof promotionsContract.adminPromotionCodeSchema>
export type PromotionCodeList = Out<typeof promotionsContract.adminPromotionCodeListSchema>
export type PromotionCodeInput = Out<typeof promotionsContract.adminPromotionCodeBody>
export type MixMatch = Out<typeof promotionsContract.adminMixMatchSchema>
export type MixMatchInput = Out<typeof promotionsContract.adminMixMatchBody>
export type TierRules = Out<typeof promotionsContract.adminTierRulesSchema>

const codePath = (id: string) => `/promotions/codes/${encodeURIComponent(id)}`

export function listPromotionCodes(): Promise<PromotionCodeList> {
  return adminCall('GET', '/promotions/codes')
}
export function getPromotionCode(id: string): Promise<PromotionCode> {
  return adminCall('GET', codePath(id))
}
export function createPromotionCode(input: PromotionCodeInput): Promise<PromotionCode> {
  return adminCall('POST', '/promotions/codes', { body: input })
}
export function updatePromotionCode(id: string, input: PromotionCodeInput): Promise<PromotionCode> {
  return adminCall('PUT', codePath(id), { body: input })
}
export function deactivatePromotionCode(id: string): Promise<PromotionCode> {
  return adminCall('POST', `${codePath(id)}/deactivate`)
}
export function getMixMatch(): Promise<MixMatch> {
  return adminCall('GET', '/promotions/mix-match')
}
export function setMixMatch(input: MixMatchInput): Promise<MixMatch> {
  return adminCall('PUT', '/promotions/mix-match', { body: input })
}
export function getTierRules(): Promise<TierRules> {
  return adminCall('GET', '/promotions/tiers')
}

// ── products (issue 32 item 1) ───────────────────────────────────────────────────────────────────

export type ProductList = Out<typeof productsContract.adminProductListSchema>
export type ProductListQuery = {
  q?: string
  status?: Out<typeof productsContract.adminProductListQuery>['status']
  category?: string
  page?: number
  page_size?: number
}
export type ProductChoices = Out<typeof productsContract.adminProductChoicesSchema>
export type ProductModel = Out<typeof productsContract.adminProductSchema>
export type ProductCreateInput = In<typeof productsContract.adminProductCreateBody>
export type ProductUpdateInput = In<typeof productsContract.adminProductUpdateBody>
export type ProductStatusInput = In<typeof productsContract.adminProductStatusBody>
export type ProductPreview = Out<typeof productsContract.adminProductPreviewSchema>
export type ProductStatus = ProductModel['status']

const productPath = (id: string) => `/products/${encodeURIComponent(id)}`

export function listProducts(query: ProductListQuery): Promise<ProductList> {
  return adminCall('GET', '/products', { query })
}
export function getProductChoices(): Promise<ProductChoices> {
  return adminCall('GET', '/products/choices')
}
export function getProductModel(id: string): Promise<ProductModel> {
  return adminCall('GET', productPath(id))
}
export function createProductModel(input: ProductCreateInput): Promise<ProductModel> {
  return adminCall('POST', '/products', { body: input })
}
export function updateProductModel(id: string, input: ProductUpdateInput): Promise<ProductModel> {
  return adminCall('PUT', productPath(id), { body: input })
}
export function setProductStatus(id: string, input: ProductStatusInput): Promise<ProductModel> {
  return adminCall('POST', `${productPath(id)}/status`, { body: input })
}
export function duplicateProductModel(id: string): Promise<ProductModel> {
  return adminCall('POST', `${productPath(id)}/duplicate`)
}
export function previewProductModel(id: string): Promise<ProductPreview> {
  return adminCall('POST', `${productPath(id)}/preview`)
}

// ── pictures (issue 32 item 2) ───────────────────────────────────────────────────────────────────────

export type PictureSearch = Out<typeof picturesContract.adminPictureSearchSchema>
export type PictureModel = Out<typeof picturesContract.adminPictureModelSchema>
export type PictureColour = Out<typeof picturesContract.adminPictureColourSchema>
export type Picture = Out<typeof picturesContract.adminPictureSchema>
export type PictureEditInput = In<typeof picturesContract.adminPictureEditBody>

export function searchPictures(q: string): Promise<PictureSearch> {
  return adminCall('GET', '/pictures/products', { query: { q } })
}
export function pictureModel(id: string): Promise<PictureModel> {
  return adminCall('GET', `/pictures/products/${encodeURIComponent(id)}`)
}
export function orderPictures(productId: string, pictures: string[]): Promise<PictureColour> {
  return adminCall('PUT', `/products/${encodeURIComponent(productId)}/pictures/order`, { body: { pictures } })
}
export function editPicture(productId: string, picture: string, edit: PictureEditInput): Promise<PictureColour> {
  return adminCall('PATCH', `/products/${encodeURIComponent(productId)}/pictures/${encodeURIComponent(picture)}`, {
    body: edit,
  })
}
export function deletePicture(productId: string, picture: string): Promise<PictureColour> {
  return adminCall('DELETE', `/products/${encodeURIComponent(productId)}/pictures/${encodeURIComponent(picture)}`)
}

/**
 * Uploads a picture as the request's body (the API checks it by its content), telling its progress as a fraction;
 * `fetch` cannot tell an upload's progress, so this one call goes through XMLHttpRequest, with the same headers.
 */
export function uploadPicture(
  productId: string,
  file: Blob,
  onProgress: (fraction: number) => void,
): Promise<PictureColour> {
  return uploadFile<PictureColour>(`/products/${encodeURIComponent(productId)}/pictures`, file, onProgress)
}

/** A file sent as the request's body to an admin API path (below the store), its progress told as a fraction. */
export function uploadFile<T>(path: string, file: Blob, onProgress: (fraction: number) => void = () => {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `/api/admin/${encodeURIComponent(storeKey())}${path}`)
    xhr.withCredentials = true
    xhr.setRequestHeader('accept', 'application/json')
    xhr.setRequestHeader('accept-language', requestLanguage)
    xhr.setRequestHeader('x-staff-request', '1')
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream')
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    }
    xhr.onerror = () => reject(new AdminApiError(0, 'NETWORK', ''))
    xhr.onload = () => {
      let body: Record<string, unknown>
      try {
        body = JSON.parse(xhr.responseText) as Record<string, unknown>
      } catch {
        body = {}
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body as T)
        return
      }
      const fields =
        body.fields && typeof body.fields === 'object'
          ? Object.fromEntries(
              Object.entries(body.fields as Record<string, unknown>).filter(
                (entry): entry is [string, string] => typeof entry[1] === 'string',
              ),
            )
          : {}
      reject(
        new AdminApiError(
          xhr.status,
          typeof body.reason === 'string' ? body.reason : `HTTP_${xhr.status}`,
          typeof body.message === 'string' ? body.message : '',
          fields,
        ),
      )
    }
    xhr.send(file)
  })
}

// ── pages (issue 32 item 6, decision 197) ────────────────────────────────────────────────────────

export type ContentBlock = Out<typeof contentContract.contentBlockSchema>
export type ContentPicture = Out<typeof contentContract.contentPictureSchema>
export type ContentVersion = Out<typeof contentContract.contentVersionSchema>
export type InfoPageKey = (typeof contentContract.INFO_PAGE_KEYS)[number]
export type InfoPageDocument = Out<typeof contentContract.infoPageDocumentSchema>
export type InfoPageList = Out<typeof contentContract.infoPageListSchema>
export type InfoPage = Out<typeof contentContract.infoPageSchema>
export type InfoPageVersion = Out<typeof contentContract.infoPageVersionSchema>
export type EditorialDocument = Out<typeof contentContract.editorialDocumentSchema>
export type EditorialList = Out<typeof contentContract.editorialListSchema>
export type Editorial = Out<typeof contentContract.editorialSchema>
export type EditorialVersion = Out<typeof contentContract.editorialVersionSchema>
export type ContentUpload = Out<typeof contentContract.contentUploadSchema>
export type ContentProducts = Out<typeof contentContract.contentProductListSchema>
export type ContentState = 'draft' | 'published'

const pagePath = (slug: string) => `/content/pages/${encodeURIComponent(slug)}`
const editorialPath = (slug: string) => `/content/editorials/${encodeURIComponent(slug)}`

export function listInfoPages(): Promise<InfoPageList> {
  return adminCall('GET', '/content/pages')
}
export function getInfoPage(slug: string): Promise<InfoPage> {
  return adminCall('GET', pagePath(slug))
}
export function saveInfoPage(
  slug: string,
  input: { document: InfoPageDocument; state: ContentState; note: string | null },
): Promise<InfoPage> {
  return adminCall('PUT', pagePath(slug), { body: input })
}
export function getInfoPageVersion(slug: string, version: number): Promise<InfoPageVersion> {
  return adminCall('GET', `${pagePath(slug)}/versions/${version}`)
}
export function restoreInfoPage(slug: string, version: number): Promise<InfoPage> {
  return adminCall('POST', `${pagePath(slug)}/versions/${version}/restore`, { body: { note: null } })
}
export function listEditorials(): Promise<EditorialList> {
  return adminCall('GET', '/content/editorials')
}
export function getEditorial(slug: string): Promise<Editorial> {
  return adminCall('GET', editorialPath(slug))
}
export function createEditorial(input: { slug: string; document: EditorialDocument; note: string | null }) {
  return adminCall<Editorial>('POST', '/content/editorials', { body: input })
}
export function saveEditorial(
  slug: string,
  input: { document: EditorialDocument; state: ContentState; note: string | null },
): Promise<Editorial> {
  return adminCall('PUT', editorialPath(slug), { body: input })
}
export function unpublishEditorial(slug: string): Promise<Editorial> {
  return adminCall('POST', `${editorialPath(slug)}/unpublish`)
}
export function deleteEditorial(slug: string): Promise<void> {
  return adminCall('DELETE', editorialPath(slug))
}
export function getEditorialVersion(slug: string, version: number): Promise<EditorialVersion> {
  return adminCall('GET', `${editorialPath(slug)}/versions/${version}`)
}
export function restoreEditorial(slug: string, version: number): Promise<Editorial> {
  return adminCall('POST', `${editorialPath(slug)}/versions/${version}/restore`, { body: { note: null } })
}
/** A picture for a page, sent as it is: the API checks it by its content and keeps it without metadata. */
export function uploadContentPicture(file: Blob): Promise<ContentUpload> {
  return adminCall('POST', '/content/pictures', { raw: file })
}
export function findContentProducts(q: string): Promise<ContentProducts> {
  return adminCall('GET', '/content/products', { query: { q } })
}

// ── CSV import and export (issue 32 item 7) ─────────────────────────────────────────────────────

export type CsvDryRun = Out<typeof csvContract.adminCsvDryRunSchema>
export type CsvApplied = Out<typeof csvContract.adminCsvAppliedSchema>
export type CsvSummary = CsvDryRun['summary']

/** A CSV file's type as the import routes read it (a browser may type a .csv file as Excel's, or not at all). */
const CSV = { 'content-type': 'text/csv' }

/** A downloaded file: its bytes and the name the server gave it. */
export type Download = { blob: Blob; fileName: string }

async function download(method: string, path: string, init: CallInit): Promise<Download> {
  const response = await request(method, path, { ...init, headers: { accept: 'text/csv', ...init.headers } })
  const disposition = response.headers.get('content-disposition') ?? ''
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'export.csv'
  return { blob: await response.blob(), fileName }
}

/** A kind's export (orders: between two days, of a status). */
export function csvExport(
  kind: 'products' | 'stock' | 'prices' | 'orders',
  query: Record<string, string | undefined> = {},
): Promise<Download> {
  return download('GET', `/csv/${kind}/export`, { query })
}

/** A dry run of a file: its figures and the first 100 bad cells. */
export function csvCheck(kind: 'products' | 'stock' | 'prices', file: File): Promise<CsvDryRun> {
  return adminCall('POST', `/csv/${kind}/check`, { raw: file, headers: CSV, query: { file_name: file.name } })
}

/** The dry run's whole report as a CSV file. */
export function csvReport(kind: 'products' | 'stock' | 'prices', file: File): Promise<Download> {
  return download('POST', `/csv/${kind}/report`, { raw: file, headers: CSV, query: { file_name: file.name } })
}

/** The file applied all or nothing. */
export function csvApply(kind: 'products' | 'stock' | 'prices', file: File): Promise<CsvApplied> {
  return adminCall('POST', `/csv/${kind}/apply`, { raw: file, headers: CSV, query: { file_name: file.name } })
}

// ── collections, the home page and the menu (issue 32 item 6) ────────────────────────────────────────

export type CollectionTree = Out<typeof siteContract.adminCollectionTreeSchema>
export type CollectionNode = CollectionTree['items'][number]
export type AdminCollection = Out<typeof siteContract.adminCollectionSchema>
export type CollectionPiece = Out<typeof siteContract.adminCollectionPieceSchema>
export type CollectionCreateInput = In<typeof siteContract.adminCollectionCreateBody>
export type CollectionEditInput = In<typeof siteContract.adminCollectionEditBody>
export type CollectionDeleted = Out<typeof siteContract.adminCollectionDeletedSchema>
export type SiteDocumentName = (typeof siteContract.SITE_DOCUMENTS)[number]
export type SiteDocumentView = Out<typeof siteContract.adminSiteDocumentSchema>
export type SiteVersion = Out<typeof siteContract.adminSiteVersionSchema>
export type SiteChoices = Out<typeof siteContract.adminSiteChoicesSchema>
export type HomeDocument = Out<typeof siteDocuments.homeDocumentSchema>
export type HomeBlock = HomeDocument['blocks'][number]
export type HeroCustom = NonNullable<Extract<HomeBlock, { kind: 'hero' }>['custom']>
export type SitePictureUpload = { path: string; width: number; height: number }
/** A picture kept for a custom hero (checked by its content, stripped of metadata), not yet in any page. */
export function uploadSitePicture(file: Blob, onProgress?: (fraction: number) => void): Promise<SitePictureUpload> {
  return uploadFile<SitePictureUpload>('/site/pictures', file, onProgress)
}
export type MenuDocument = Out<typeof siteDocuments.menuDocumentSchema>
export type HomePreview = Out<typeof siteContract.adminHomePreviewSchema>

const collectionPath = (slug: string) => `/collections/${encodeURIComponent(slug)}`

export function listCollectionTree(): Promise<CollectionTree> {
  return adminCall('GET', '/collections')
}
export function getAdminCollection(slug: string): Promise<AdminCollection> {
  return adminCall('GET', collectionPath(slug))
}
export function createCollection(input: CollectionCreateInput): Promise<AdminCollection> {
  return adminCall('POST', '/collections', { body: input })
}
export function editCollection(slug: string, input: CollectionEditInput): Promise<AdminCollection> {
  return adminCall('PATCH', collectionPath(slug), { body: input })
}
export function moveCollection(slug: string, direction: 'up' | 'down'): Promise<CollectionTree> {
  return adminCall('POST', `${collectionPath(slug)}/move`, { body: { direction } })
}
export function setCollectionPieces(slug: string, pieces: string[]): Promise<AdminCollection> {
  return adminCall('PUT', `${collectionPath(slug)}/pieces`, { body: { pieces } })
}
export function restoreCollectionVersion(slug: string, version: number): Promise<AdminCollection> {
  return adminCall('POST', `${collectionPath(slug)}/versions/${version}/restore`)
}
export function deleteCollection(slug: string): Promise<CollectionDeleted> {
  return adminCall('DELETE', collectionPath(slug))
}
export function findCollectionModels(q: string): Promise<{ items: CollectionPiece[] }> {
  return adminCall('GET', '/collection-models', { query: { q } })
}
export function uploadCollectionPicture(slug: string, file: Blob): Promise<AdminCollection> {
  return uploadFile<AdminCollection>(`${collectionPath(slug)}/picture`, file)
}
export function getSiteDocument(document: SiteDocumentName): Promise<SiteDocumentView> {
  return adminCall('GET', `/site/${document}`)
}
export function saveSiteDocument(
  document: SiteDocumentName,
  body: HomeDocument | MenuDocument,
  publish: boolean,
): Promise<SiteDocumentView> {
  return adminCall('PUT', `/site/${document}`, { body: { body, publish } })
}
export function getSiteVersion(document: SiteDocumentName, version: number): Promise<SiteVersion> {
  return adminCall('GET', `/site/${document}/versions/${version}`)
}
export function restoreSiteVersion(document: SiteDocumentName, version: number): Promise<SiteDocumentView> {
  return adminCall('POST', `/site/${document}/versions/${version}/restore`)
}
export function previewHome(body: HomeDocument, lang: AdminLocale): Promise<HomePreview> {
  return adminCall('POST', '/site/home/preview', { body: { body, lang } })
}
export function getSiteChoices(): Promise<SiteChoices> {
  return adminCall('GET', '/site/choices')
}

// ── the dashboard and reports (issue 33 items 3 and 4, decision 202) ──────────────────────────────

export type Dashboard = Out<typeof reportsContract.dashboardSchema>
export type Report = Out<typeof reportsContract.reportSchema>
export type ReportKind = reportsContract.ReportKind

/** Today, 7 and 30 days: sales, the funnel, queues, best sellers, sold out and low stock. */
export function dashboard(): Promise<Dashboard> {
  return adminCall('GET', '/dashboard')
}

/** A report over Bangkok days from and to (both included). */
export function report(kind: ReportKind, range: { from: string; to: string }): Promise<Report> {
  return adminCall('GET', `/reports/${kind}`, { query: range })
}

/** A report's CSV (asks for the second factor: run it through step-up). */
export function reportExport(kind: ReportKind, range: { from: string; to: string }): Promise<Download> {
  return download('GET', `/reports/${kind}/export`, { query: range })
}

// ── Privacy requests (issue 33 item 2) ───────────────────────────────────────────────────────────────────────────

export type PrivacyRequest = Out<typeof privacyContract.adminPrivacyRequestSchema>
export type PrivacyRequestList = Out<typeof privacyContract.adminPrivacyListSchema>
export type PrivacyRecordInput = In<typeof privacyContract.adminPrivacyRecordBody>
export type ConsentList = Out<typeof privacyContract.adminConsentListSchema>

export function listPrivacyRequests(): Promise<PrivacyRequestList> {
  return adminCall('GET', '/privacy/requests')
}
export function recordPrivacyRequest(input: PrivacyRecordInput): Promise<PrivacyRequest> {
  return adminCall('POST', '/privacy/requests', { body: input })
}
export function startPrivacyExport(id: string): Promise<PrivacyRequest> {
  return adminCall('POST', `/privacy/requests/${encodeURIComponent(id)}/export`)
}
/** Erases the member of an erasure request (step-up: the caller runs it through the step-up dialog). */
export function eraseForPrivacyRequest(id: string): Promise<PrivacyRequest> {
  return adminCall('POST', `/privacy/requests/${encodeURIComponent(id)}/erase`)
}
/** The consent records of a consent id (a UUID) or of a member named by e-mail or phone. */
export function listConsents(query: string): Promise<ConsentList> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(query)
  const search = new URLSearchParams(uuid ? { consent_id: query.toLowerCase() } : { member: query })
  return adminCall('GET', `/privacy/consents?${search.toString()}`)
}
