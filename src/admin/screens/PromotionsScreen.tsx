import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useParams, useRouteContext } from '@tanstack/react-router'
import { useId, useState, type FormEvent } from 'react'
import { formatMoney, type Currency } from '~/domain/money'
import {
  AdminApiError,
  createPromotionCode,
  deactivatePromotionCode,
  setMixMatch,
  updatePromotionCode,
  type MixMatch,
  type PromotionCode,
  type PromotionCodeInput,
  type PromotionCodeList,
} from '../api'
import { adminKeys, mixMatchQuery, promotionCodeQuery, promotionCodesQuery, tierRulesQuery } from '../queries'
import type { AdminLocale } from '../locale'
import { formatWhen } from '../ui/order-labels'
import { useAdminTitle } from '../ui/title'
import { described, Field } from '../ui/Field'
import { ErrorNotice } from './ErrorScreen'
import { TableCaption, TableScroll } from '../ui/TableScroll'

/*
 * Promotions (issue 32 item 5, decision 193): the shop's discount codes (list, form), the mix-and-match bundle prices,
 * and the member tier rules read-only. Amounts are typed in baht or dollars and sent in minor units; dates in the
 * browser's own time.
 */

type State = PromotionCode['state']
type Tag = PromotionCode['exclude_tags'][number]
const TAGS: readonly Tag[] = ['sale', 'club', 'mix_match', 'new']
const CURRENCIES: readonly Currency[] = ['thb', 'usd']

function useStateLabels(): Record<State, string> {
  const { t } = useLingui()
  return {
    live: t`Live`,
    scheduled: t`Starts later`,
    ended: t`Ended`,
    used_up: t`Used up`,
    inactive: t`Switched off`,
  }
}

function useTagLabels(): Record<Tag, string> {
  const { t } = useLingui()
  return { sale: t`Sale items`, club: t`Club items`, mix_match: t`Mix-and-match items`, new: t`New items` }
}

/** The tabs of the promotions area: a navigation whose current page is marked. */
function PromotionsTabs() {
  const { t } = useLingui()
  return (
    <nav aria-label={t`Promotions`} className="admin-views">
      <ul className="admin-promotions__tabs">
        <li>
          <Link to="/promotions" activeOptions={{ exact: true }} activeProps={{ 'aria-current': 'page' }}>
            <Trans>Discount codes</Trans>
          </Link>
        </li>
        <li>
          <Link to="/promotions/mix-match" activeProps={{ 'aria-current': 'page' }}>
            <Trans>Mix-and-match prices</Trans>
          </Link>
        </li>
        <li>
          <Link to="/promotions/tiers" activeProps={{ 'aria-current': 'page' }}>
            <Trans>Member tier rules</Trans>
          </Link>
        </li>
      </ul>
    </nav>
  )
}

function useLocale(): AdminLocale {
  return useRouteContext({ from: '__root__' }).place.locale
}

/** What a code takes off, in words: "10 %" (capped), or the amount per currency. */
function discountText(code: PromotionCode, locale: AdminLocale): string {
  const parts = CURRENCIES.flatMap((currency) => {
    const rules = code[currency]
    if (!rules) return []
    if (code.kind === 'percent')
      return rules.amount === null ? [] : [`≤ ${formatMoney(rules.amount, currency, locale)}`]
    return rules.amount === null ? [] : [formatMoney(rules.amount, currency, locale)]
  })
  return code.kind === 'percent' ? [`${code.percent ?? 0} %`, ...parts].join(' · ') : parts.join(' · ')
}

// ── the codes list ───────────────────────────────────────────────────────────────────────────────

export function PromotionCodesScreen() {
  const { t } = useLingui()
  useAdminTitle(t`Discount codes`)
  const locale = useLocale()
  const codes = useQuery(promotionCodesQuery)
  const states = useStateLabels()
  return (
    <div className="admin-promotions">
      <h1>
        <Trans>Promotions</Trans>
      </h1>
      <PromotionsTabs />
      <p>
        <Link to="/promotions/codes/new" className="admin-button">
          <Trans>New code</Trans>
        </Link>
      </p>
      <div className="admin-table">
        <TableScroll>
          <table>
            <TableCaption>
              <Trans>Discount codes and their uses so far</Trans>
            </TableCaption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Code</Trans>
                </th>
                <th scope="col">
                  <Trans>Discount</Trans>
                </th>
                <th scope="col">
                  <Trans>Dates</Trans>
                </th>
                <th scope="col">
                  <Trans>Uses</Trans>
                </th>
                <th scope="col">
                  <Trans>State</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {codes.isPending ? (
                <tr>
                  <td colSpan={5} className="admin-table__status" role="status">
                    <Trans>Loading the codes…</Trans>
                  </td>
                </tr>
              ) : codes.isError ? (
                <tr>
                  <td colSpan={5} className="admin-table__status">
                    <ErrorNotice error={codes.error} />
                  </td>
                </tr>
              ) : codes.data.items.length === 0 ? (
                <tr>
                  <td colSpan={5} className="admin-table__status">
                    <Trans>No discount codes yet. Make the first with “New code”.</Trans>
                  </td>
                </tr>
              ) : (
                codes.data.items.map((code) => (
                  <tr key={code.id}>
                    <th scope="row">
                      <Link to="/promotions/codes/$id" params={{ id: code.id }} className="admin-code">
                        {code.code}
                      </Link>
                    </th>
                    <td>{discountText(code, locale)}</td>
                    <td>
                      {code.starts_at ? formatWhen(code.starts_at, locale) : t`From now`}
                      {' – '}
                      {code.ends_at ? formatWhen(code.ends_at, locale) : t`no end`}
                    </td>
                    <td>{code.uses_total === null ? code.uses : `${code.uses} / ${code.uses_total}`}</td>
                    <td>
                      <span className={`admin-badge admin-promotions__state--${code.state}`}>{states[code.state]}</span>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </TableScroll>
      </div>
    </div>
  )
}

// ── a code's form ────────────────────────────────────────────────────────────────────────────────

/** An amount in minor units as typed (baht or dollars, up to 2 decimals); `''` for none. */
function unitsText(amount: number | null): string {
  if (amount === null) return ''
  return amount % 100 === 0 ? String(amount / 100) : (amount / 100).toFixed(2)
}

/** What was typed as minor units: NaN when it is not a number (the API then names the field). */
function minorUnits(text: string): number | null {
  const trimmed = text.trim().replace(/,/g, '')
  if (trimmed === '') return null
  if (!/^-?\d+(\.\d{1,2})?$/.test(trimmed)) return Number.NaN
  return Math.round(Number(trimmed) * 100)
}

/** An ISO time as a datetime-local input's value, in the browser's time, to the second. */
function localInput(iso: string | null): string {
  if (!iso) return ''
  const at = new Date(iso)
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(
    at.getMinutes(),
  )}:${pad(at.getSeconds())}`
}

type Draft = {
  code: string
  kind: 'amount' | 'percent'
  percent: string
  currencies: Record<Currency, { on: boolean; amount: string; minimum: string }>
  excludeTags: Set<Tag>
  excludeCategories: Set<string>
  startsAt: string
  endsAt: string
  usesTotal: string
  usesPerMember: string
  active: boolean
}

function draftOf(code: PromotionCode | null): Draft {
  const rules = (currency: Currency) => ({
    on: code ? code[currency] !== null : currency === 'thb',
    amount: unitsText(code?.[currency]?.amount ?? null),
    minimum: unitsText(code?.[currency]?.minimum ?? (code ? null : 0)),
  })
  return {
    code: code?.code ?? '',
    kind: code?.kind ?? 'amount',
    percent: code?.percent === null || code?.percent === undefined ? '' : String(code.percent),
    currencies: { thb: rules('thb'), usd: rules('usd') },
    excludeTags: new Set(code?.exclude_tags ?? ['sale']),
    excludeCategories: new Set(code?.exclude_categories ?? []),
    startsAt: localInput(code?.starts_at ?? null),
    endsAt: localInput(code?.ends_at ?? null),
    usesTotal: code?.uses_total === null || code?.uses_total === undefined ? '' : String(code.uses_total),
    usesPerMember:
      code?.uses_per_member === null || code?.uses_per_member === undefined ? '' : String(code.uses_per_member),
    active: code?.active ?? true,
  }
}

/** A whole number typed, null for none, NaN for anything else (the form says so before sending). */
function count(text: string): number | null {
  const trimmed = text.trim()
  if (trimmed === '') return null
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN
}

function inputOf(draft: Draft): { input: PromotionCodeInput; local: Record<string, string> } {
  const local: Record<string, string> = {}
  const rules = (currency: Currency) => {
    const typed = draft.currencies[currency]
    if (!typed.on) return null
    const amount = minorUnits(typed.amount)
    const minimum = minorUnits(typed.minimum) ?? 0
    if (Number.isNaN(amount)) local[`${currency}.amount`] = 'number'
    if (Number.isNaN(minimum) || minimum < 0) local[`${currency}.minimum`] = 'range'
    return { amount: Number.isNaN(amount) ? null : amount, minimum: Number.isNaN(minimum) ? 0 : Math.max(0, minimum) }
  }
  const time = (value: string, field: string) => {
    if (!value) return null
    const at = new Date(value)
    if (Number.isNaN(at.getTime())) {
      local[field] = 'date'
      return null
    }
    return at.toISOString()
  }
  const whole = (text: string, field: string) => {
    const value = count(text)
    if (value !== null && Number.isNaN(value)) local[field] = 'positive'
    return value === null || Number.isNaN(value) ? null : value
  }
  const percent = draft.kind === 'percent' ? whole(draft.percent, 'percent') : null
  return {
    input: {
      code: draft.code,
      kind: draft.kind,
      percent,
      thb: rules('thb'),
      usd: rules('usd'),
      exclude_tags: TAGS.filter((tag) => draft.excludeTags.has(tag)),
      exclude_categories: [...draft.excludeCategories],
      starts_at: time(draft.startsAt, 'starts_at'),
      ends_at: time(draft.endsAt, 'ends_at'),
      uses_total: whole(draft.usesTotal, 'uses_total'),
      uses_per_member: whole(draft.usesPerMember, 'uses_per_member'),
      active: draft.active,
    },
    local,
  }
}

function useFieldMessages() {
  const { t } = useLingui()
  return (field: string, reason: string): string => {
    switch (reason) {
      case 'lettersAndDigits':
        return t`Use 3 to 20 letters (A–Z) and digits, no spaces or signs.`
      case 'taken':
        return t`Another code already has this text.`
      case 'used':
        return t`Orders have taken this code: its text cannot change.`
      case 'range':
        return field === 'percent' ? t`Enter a percentage from 1 to 100.` : t`Enter an amount of 0 or more.`
      case 'required':
        return field === 'currencies' ? t`Choose at least one currency.` : t`Enter the amount off.`
      case 'positive':
        return t`Enter a whole number greater than 0.`
      case 'number':
        return t`Enter an amount, such as 200 or 99.50.`
      case 'order':
        return t`The end must come after the start.`
      case 'date':
        return t`Enter a date and time.`
      case 'belowUses':
        return t`This is fewer than the uses already made.`
      case 'unknown':
        return t`A category chosen no longer exists.`
      default:
        return t`This value is not valid.`
    }
  }
}

function CodeForm({ code, categories }: { code: PromotionCode | null; categories: PromotionCodeList['categories'] }) {
  const { t } = useLingui()
  const id = useId()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const tagLabels = useTagLabels()
  const message = useFieldMessages()
  const [draft, setDraft] = useState<Draft>(() => draftOf(code))
  const [problems, setProblems] = useState<Record<string, string>>({})
  const save = useMutation({
    mutationFn: (input: PromotionCodeInput) =>
      code ? updatePromotionCode(code.id, input) : createPromotionCode(input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.promotions })
      await navigate({ to: '/promotions' })
    },
    onError: (error) => {
      if (error instanceof AdminApiError) setProblems(error.fields)
    },
  })
  const deactivate = useMutation({
    mutationFn: () => deactivatePromotionCode(code?.id ?? ''),
    onSuccess: async (saved) => {
      setDraft((current) => ({ ...current, active: saved.active }))
      await queryClient.invalidateQueries({ queryKey: adminKeys.promotions })
    },
  })
  const update = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }))
  const setCurrency = (currency: Currency, change: Partial<Draft['currencies'][Currency]>) =>
    setDraft((current) => ({
      ...current,
      currencies: { ...current.currencies, [currency]: { ...current.currencies[currency], ...change } },
    }))
  const toggle = <T,>(set: Set<T>, value: T, on: boolean) => {
    const next = new Set(set)
    if (on) next.add(value)
    else next.delete(value)
    return next
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const { input, local } = inputOf(draft)
    setProblems(local)
    if (Object.keys(local).length > 0) return
    save.mutate(input)
  }
  const error = (field: string) => (problems[field] ? message(field, problems[field]) : undefined)
  const fieldIds = {
    code: `${id}-code`,
    percent: `${id}-percent`,
    starts: `${id}-starts`,
    ends: `${id}-ends`,
    total: `${id}-total`,
    member: `${id}-member`,
  }
  const hasProblems = Object.keys(problems).length > 0
  return (
    <form className="admin-form admin-promotions__form" onSubmit={submit} noValidate>
      {hasProblems ? (
        <p role="alert" className="admin-notice admin-notice--error">
          <Trans>Some fields need a change: see the messages below them.</Trans>
        </p>
      ) : null}
      <Field
        id={fieldIds.code}
        label={<Trans>Code</Trans>}
        error={error('code')}
        hint={<Trans>What shoppers type at checkout: letters and digits, kept in capitals.</Trans>}
      >
        <input
          id={fieldIds.code}
          value={draft.code}
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          required
          onChange={(event) => update({ code: event.currentTarget.value.toUpperCase() })}
          {...described(fieldIds.code, error('code'), true)}
        />
      </Field>
      <fieldset className="admin-choice">
        <legend>
          <Trans>Discount</Trans>
        </legend>
        <label>
          <input
            type="radio"
            name={`${id}-kind`}
            checked={draft.kind === 'amount'}
            onChange={() => update({ kind: 'amount' })}
          />
          <Trans>An amount off</Trans>
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-kind`}
            checked={draft.kind === 'percent'}
            onChange={() => update({ kind: 'percent' })}
          />
          <Trans>A percentage off</Trans>
        </label>
        {draft.kind === 'percent' ? (
          <Field id={fieldIds.percent} label={<Trans>Percent off (1–100)</Trans>} error={error('percent')}>
            <input
              id={fieldIds.percent}
              inputMode="numeric"
              value={draft.percent}
              onChange={(event) => update({ percent: event.currentTarget.value })}
              {...described(fieldIds.percent, error('percent'))}
            />
          </Field>
        ) : null}
      </fieldset>
      <fieldset className="admin-choice">
        <legend>
          <Trans>Currencies the code is valid in</Trans>
        </legend>
        {error('currencies') ? <p className="admin-field__error">{error('currencies')}</p> : null}
        {CURRENCIES.map((currency) => {
          const typed = draft.currencies[currency]
          const name = currency.toUpperCase()
          const amountId = `${id}-${currency}-amount`
          const minimumId = `${id}-${currency}-minimum`
          return (
            <div key={currency} className="admin-promotions__currency">
              <label className="admin-check">
                <input
                  type="checkbox"
                  checked={typed.on}
                  onChange={(event) => setCurrency(currency, { on: event.currentTarget.checked })}
                />
                {name}
              </label>
              {typed.on ? (
                <div className="admin-grid">
                  <Field
                    id={amountId}
                    label={
                      draft.kind === 'amount' ? <Trans>Amount off ({name})</Trans> : <Trans>At most ({name})</Trans>
                    }
                    error={error(`${currency}.amount`)}
                    hint={draft.kind === 'percent' ? <Trans>Leave empty for no cap.</Trans> : undefined}
                  >
                    <input
                      id={amountId}
                      inputMode="decimal"
                      value={typed.amount}
                      onChange={(event) => setCurrency(currency, { amount: event.currentTarget.value })}
                      {...described(amountId, error(`${currency}.amount`), draft.kind === 'percent')}
                    />
                  </Field>
                  <Field
                    id={minimumId}
                    label={<Trans>Minimum purchase ({name})</Trans>}
                    error={error(`${currency}.minimum`)}
                    hint={<Trans>Of the items the code applies to; 0 for none.</Trans>}
                  >
                    <input
                      id={minimumId}
                      inputMode="decimal"
                      value={typed.minimum}
                      onChange={(event) => setCurrency(currency, { minimum: event.currentTarget.value })}
                      {...described(minimumId, error(`${currency}.minimum`), true)}
                    />
                  </Field>
                </div>
              ) : null}
            </div>
          )
        })}
      </fieldset>
      <fieldset className="admin-choice">
        <legend>
          <Trans>Not for these items</Trans>
        </legend>
        {TAGS.map((tag) => (
          <label key={tag} className="admin-check">
            <input
              type="checkbox"
              checked={draft.excludeTags.has(tag)}
              onChange={(event) => update({ excludeTags: toggle(draft.excludeTags, tag, event.currentTarget.checked) })}
            />
            {tagLabels[tag]}
          </label>
        ))}
      </fieldset>
      <fieldset className="admin-choice">
        <legend>
          <Trans>Not for these categories</Trans>
        </legend>
        {error('exclude_categories') ? <p className="admin-field__error">{error('exclude_categories')}</p> : null}
        {categories.length === 0 ? (
          <p className="admin-empty">
            <Trans>The shop has no categories yet.</Trans>
          </p>
        ) : (
          categories.map((category) => (
            <label key={category.slug} className="admin-check">
              <input
                type="checkbox"
                checked={draft.excludeCategories.has(category.slug)}
                onChange={(event) =>
                  update({
                    excludeCategories: toggle(draft.excludeCategories, category.slug, event.currentTarget.checked),
                  })
                }
              />
              {category.name}
            </label>
          ))
        )}
      </fieldset>
      <div className="admin-grid">
        <Field
          id={fieldIds.starts}
          label={<Trans>Starts</Trans>}
          error={error('starts_at')}
          hint={<Trans>Empty: at once.</Trans>}
        >
          <input
            id={fieldIds.starts}
            type="datetime-local"
            step={1}
            value={draft.startsAt}
            onChange={(event) => update({ startsAt: event.currentTarget.value })}
            {...described(fieldIds.starts, error('starts_at'), true)}
          />
        </Field>
        <Field
          id={fieldIds.ends}
          label={<Trans>Ends</Trans>}
          error={error('ends_at')}
          hint={<Trans>Empty: never.</Trans>}
        >
          <input
            id={fieldIds.ends}
            type="datetime-local"
            step={1}
            value={draft.endsAt}
            onChange={(event) => update({ endsAt: event.currentTarget.value })}
            {...described(fieldIds.ends, error('ends_at'), true)}
          />
        </Field>
        <Field
          id={fieldIds.total}
          label={<Trans>Uses in all</Trans>}
          error={error('uses_total')}
          hint={<Trans>Empty: no limit.</Trans>}
        >
          <input
            id={fieldIds.total}
            inputMode="numeric"
            value={draft.usesTotal}
            onChange={(event) => update({ usesTotal: event.currentTarget.value })}
            {...described(fieldIds.total, error('uses_total'), true)}
          />
        </Field>
        <Field
          id={fieldIds.member}
          label={<Trans>Uses per member</Trans>}
          error={error('uses_per_member')}
          hint={<Trans>Empty: no limit. With a limit, only signed-in members can use the code.</Trans>}
        >
          <input
            id={fieldIds.member}
            inputMode="numeric"
            value={draft.usesPerMember}
            onChange={(event) => update({ usesPerMember: event.currentTarget.value })}
            {...described(fieldIds.member, error('uses_per_member'), true)}
          />
        </Field>
      </div>
      <label className="admin-check">
        <input
          type="checkbox"
          checked={draft.active}
          onChange={(event) => update({ active: event.currentTarget.checked })}
        />
        <Trans>Switched on (checkout takes it between its dates)</Trans>
      </label>
      {save.isError && !(save.error instanceof AdminApiError && Object.keys(save.error.fields).length > 0) ? (
        <ErrorNotice error={save.error} />
      ) : null}
      <div className="admin-actions">
        <button type="submit" className="admin-button" disabled={save.isPending}>
          {save.isPending ? <Trans>Saving…</Trans> : code ? <Trans>Save changes</Trans> : <Trans>Create code</Trans>}
        </button>
        <Link to="/promotions" className="admin-button admin-button--secondary">
          <Trans>Cancel</Trans>
        </Link>
        {code && code.active ? (
          <button
            type="button"
            className="admin-button admin-button--danger"
            disabled={deactivate.isPending || !draft.active}
            onClick={() => deactivate.mutate()}
          >
            <Trans>Switch off now</Trans>
          </button>
        ) : null}
      </div>
      <p role="status" className="admin-field__hint">
        {deactivate.isSuccess ? <Trans>The code is switched off: checkout refuses it from now on.</Trans> : null}
      </p>
      {deactivate.isError ? <ErrorNotice error={deactivate.error} /> : null}
      {code ? (
        <p className="admin-muted">
          {t`Uses so far`}: {code.uses}
        </p>
      ) : null}
    </form>
  )
}

export function NewPromotionCodeScreen() {
  const { t } = useLingui()
  useAdminTitle(t`New code`)
  const codes = useQuery(promotionCodesQuery)
  return (
    <div className="admin-promotions">
      <h1>
        <Trans>New discount code</Trans>
      </h1>
      <PromotionsTabs />
      {codes.isPending ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : codes.isError ? (
        <ErrorNotice error={codes.error} />
      ) : (
        <CodeForm code={null} categories={codes.data.categories} />
      )}
    </div>
  )
}

export function PromotionCodeScreen() {
  const { t } = useLingui()
  const { id } = useParams({ from: '/promotions/codes/$id' })
  const code = useQuery(promotionCodeQuery(id))
  const codes = useQuery(promotionCodesQuery)
  const text = code.data?.code ?? null
  useAdminTitle(text ?? t`Discount code`)
  return (
    <div className="admin-promotions">
      <h1>{text ? <Trans>Code {text}</Trans> : <Trans>Discount code</Trans>}</h1>
      <PromotionsTabs />
      {code.isPending || codes.isPending ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : code.isError ? (
        <ErrorNotice error={code.error} />
      ) : codes.isError ? (
        <ErrorNotice error={codes.error} />
      ) : (
        <CodeForm key={code.data.updated_at} code={code.data} categories={codes.data.categories} />
      )}
    </div>
  )
}

// ── mix-and-match prices ─────────────────────────────────────────────────────────────────────────

function MixMatchForm({ data }: { data: MixMatch }) {
  const { t } = useLingui()
  const id = useId()
  const queryClient = useQueryClient()
  const message = useFieldMessages()
  const [typed, setTyped] = useState(() =>
    Object.fromEntries(
      data.prices.flatMap((price) =>
        CURRENCIES.map((currency) => [`${price.size}.${currency}`, unitsText(price[currency])]),
      ),
    ),
  )
  const [problems, setProblems] = useState<Record<string, string>>({})
  const save = useMutation({
    mutationFn: setMixMatch,
    onSuccess: (saved) => queryClient.setQueryData(mixMatchQuery.queryKey, saved),
    onError: (error) => {
      if (error instanceof AdminApiError) setProblems(error.fields)
    },
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const local: Record<string, string> = {}
    const value = (size: 3 | 5, currency: Currency) => {
      const amount = minorUnits(typed[`${size}.${currency}`] ?? '')
      if (amount === null || Number.isNaN(amount) || amount <= 0) {
        local[`${size}.${currency}`] = 'positive'
        return 1
      }
      return amount
    }
    const prices = ([3, 5] as const).map((size) => ({ size, thb: value(size, 'thb'), usd: value(size, 'usd') }))
    setProblems(local)
    save.reset()
    if (Object.keys(local).length === 0) save.mutate({ prices })
  }
  const errorOf = (key: string) => {
    const reason = problems[key]
    if (!reason) return undefined
    if (reason === 'aboveThree') return t`A bundle of 5 must cost more than a bundle of 3.`
    if (reason === 'positive') return t`Enter a price greater than 0, such as 1990.`
    return message(key, reason)
  }
  return (
    <form className="admin-form" onSubmit={submit} noValidate>
      <div className="admin-grid">
        {([3, 5] as const).flatMap((size) =>
          CURRENCIES.map((currency) => {
            const key = `${size}.${currency}`
            const fieldId = `${id}-${size}-${currency}`
            const name = currency.toUpperCase()
            return (
              <Field
                key={key}
                id={fieldId}
                label={size === 3 ? <Trans>3 pieces ({name})</Trans> : <Trans>5 pieces ({name})</Trans>}
                error={errorOf(key)}
              >
                <input
                  id={fieldId}
                  inputMode="decimal"
                  value={typed[key] ?? ''}
                  onChange={(event) => {
                    const value = event.currentTarget.value
                    setTyped((current) => ({ ...current, [key]: value }))
                  }}
                  {...described(fieldId, errorOf(key))}
                />
              </Field>
            )
          }),
        )}
      </div>
      {save.isError && !(save.error instanceof AdminApiError && Object.keys(save.error.fields).length > 0) ? (
        <ErrorNotice error={save.error} />
      ) : null}
      <div>
        <button type="submit" className="admin-button" disabled={save.isPending}>
          <Trans>Save prices</Trans>
        </button>
      </div>
      <p role="status" className="admin-field__hint">
        {save.isSuccess ? <Trans>Saved: carts and checkout use the new prices from now on.</Trans> : null}
      </p>
    </form>
  )
}

function PiecesHeading({ count }: { count: number }) {
  return <Trans>Pieces carrying the tag ({count})</Trans>
}

export function MixMatchScreen() {
  const { t } = useLingui()
  useAdminTitle(t`Mix-and-match prices`)
  const data = useQuery(mixMatchQuery)
  return (
    <div className="admin-promotions">
      <h1>
        <Trans>Mix-and-match prices</Trans>
      </h1>
      <PromotionsTabs />
      <p>
        <Trans>3 or 5 different pieces carrying the mix-and-match tag cost the bundle’s price together.</Trans>
      </p>
      {data.isPending ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : data.isError ? (
        <ErrorNotice error={data.error} />
      ) : (
        <>
          <MixMatchForm key={data.data.updated_at ?? 'seeded'} data={data.data} />
          <section aria-labelledby="admin-mix-match-pieces">
            <h2 id="admin-mix-match-pieces">
              <PiecesHeading count={data.data.products.length} />
            </h2>
            <p className="admin-field__hint">
              <Trans>The tag is set on each product; this list is read-only.</Trans>
            </p>
            {data.data.products.length === 0 ? (
              <p className="admin-empty">
                <Trans>No piece carries the mix-and-match tag.</Trans>
              </p>
            ) : (
              <ul className="admin-promotions__pieces">
                {data.data.products.map((product) => (
                  <li key={product.id}>
                    {product.name} · {product.colour}{' '}
                    <span className="admin-muted" translate="no">
                      {product.id}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  )
}

// ── member tier rules ────────────────────────────────────────────────────────────────────────────

export function TierRulesScreen() {
  const { t } = useLingui()
  useAdminTitle(t`Member tier rules`)
  const locale = useLocale()
  const rules = useQuery(tierRulesQuery)
  const tagLabels = useTagLabels()
  const tierNames = { member: t`Member`, vip: 'VIP', vvip: 'VVIP' }
  const baht = (amount: number) => formatMoney(amount, 'thb', locale)
  const data = rules.data
  const cycleMonths = data?.cycle_months ?? 0
  const statusMonths = data?.status_months ?? 0
  const monthlyCap = baht(data?.monthly_cap_thb ?? 0)
  const minimum = baht(data?.minimum_thb ?? 0)
  const validMonths = data?.code_valid_months ?? 0
  const birthPercent = data?.birth_month.percent ?? 0
  const birthCap = baht(data?.birth_month.cap_thb ?? 0)
  return (
    <div className="admin-promotions">
      <h1>
        <Trans>Member tier rules</Trans>
      </h1>
      <PromotionsTabs />
      <p className="admin-notice">
        <Trans>These rules are fixed in the shop’s code: they are shown here, not changed.</Trans>
      </p>
      {rules.isPending ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : rules.isError ? (
        <ErrorNotice error={rules.error} />
      ) : (
        <>
          <div className="admin-table">
            <TableScroll>
              <table>
                <TableCaption>
                  <Trans>Tiers, earned by spending in a cycle of {cycleMonths} months</Trans>
                </TableCaption>
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>Tier</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Spending from</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Monthly code</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rules.data.tiers.map((tier) => (
                    <tr key={tier.tier}>
                      <th scope="row">{tierNames[tier.tier]}</th>
                      <td>{baht(tier.threshold_thb)}</td>
                      <td>{tier.percent > 0 ? `${tier.percent} %` : '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </div>
          <dl className="admin-promotions__rules">
            <dt>
              <Trans>Status lasts</Trans>
            </dt>
            <dd>
              <Trans>{statusMonths} months from the day it is gained</Trans>
            </dd>
            <dt>
              <Trans>Monthly codes</Trans>
            </dt>
            <dd>
              <Trans>
                At most {monthlyCap} off a month, on purchases of {minimum} or more, valid {validMonths} months, once a
                month
              </Trans>
            </dd>
            <dt>
              <Trans>Birth-month code</Trans>
            </dt>
            <dd>
              <Trans>
                {birthPercent} % off, at most {birthCap}, once
              </Trans>
            </dd>
            <dt>
              <Trans>Member codes do not apply to</Trans>
            </dt>
            <dd>
              {[...rules.data.excluded_tags.map((tag) => tagLabels[tag]), ...rules.data.excluded_categories].join(
                ', ',
              ) || '—'}
            </dd>
          </dl>
        </>
      )}
    </div>
  )
}
