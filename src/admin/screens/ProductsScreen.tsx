import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, Link, useNavigate, useRouteContext } from '@tanstack/react-router'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { formatMoney } from '~/domain/money'
import {
  COLOUR_HEX_PATTERN,
  isValidBarcode,
  isValidSku,
  PRODUCT_SIZE_PATTERN,
  SLUG_PATTERN,
  colourIdOf,
  skuFor,
  slugify,
} from '~/domain/product-editor'
import {
  AdminApiError,
  createProductModel,
  duplicateProductModel,
  previewProductModel,
  setProductStatus,
  updateProductModel,
  type ProductChoices,
  type ProductCreateInput,
  type ProductModel,
  type ProductPreview,
  type ProductStatus,
} from '../api'
import type { AdminLocale } from '../locale'
import { adminKeys, productChoicesQuery, productListQuery, productModelQuery } from '../queries'
import type { ProductsSearch } from '../search'
import { formatWhen } from '../ui/order-labels'
import { TableCaption, TableScroll } from '../ui/TableScroll'
import { useAdminTitle } from '../ui/title'
import { described, Field } from '../ui/Field'
import { ModelPicker, type PickedModel } from '../ui/ModelPicker'
import { ErrorNotice } from './ErrorScreen'

/*
 * Products (issue 32 item 1, decision 195): the models with their status, a new model's form and a model's editor,
 * Thai and English side by side. A model is a family of colours (decision 019); each colour has the model's sizes,
 * each size a SKU (from the pattern unless typed) and a barcode (a GTIN whose check digit the form checks as the API
 * does). Prices are typed on create only (the prices screen changes them); pictures on the pictures screen.
 */

const listRoute = getRouteApi('/products')
const modelRoute = getRouteApi('/products/$id')

type Gender = ProductModel['gender']
type Tag = ProductModel['tags'][number]
const GENDERS: readonly Gender[] = ['women', 'men', 'unisex']
const STATUSES: readonly ProductStatus[] = ['draft', 'scheduled', 'published', 'unpublished']

function useLocale(): AdminLocale {
  return useRouteContext({ from: '__root__' }).place.locale
}

function useStatusLabels(): Record<ProductStatus, string> {
  const { t } = useLingui()
  return { draft: t`Draft`, scheduled: t`Scheduled`, published: t`Published`, unpublished: t`Unpublished` }
}

function useGenderLabels(): Record<Gender, string> {
  const { t } = useLingui()
  return { women: t`Women`, men: t`Men`, unisex: t`Unisex` }
}

function StatusBadge({ status, publishAt }: { status: ProductStatus; publishAt: string | null }) {
  const labels = useStatusLabels()
  const locale = useLocale()
  return (
    <span className={`admin-badge admin-products__status--${status}`}>
      {labels[status]}
      {status === 'scheduled' && publishAt ? ` · ${formatWhen(publishAt, locale)}` : null}
    </span>
  )
}

const named = (item: { name_th: string; name_en: string }, locale: AdminLocale) =>
  locale === 'th' ? item.name_th : item.name_en

// ── the list ─────────────────────────────────────────────────────────────────────────────────────

export function ProductsScreen() {
  const { t } = useLingui()
  useAdminTitle(t`Products`)
  const locale = useLocale()
  const id = useId()
  const search = listRoute.useSearch()
  const navigate = listRoute.useNavigate()
  const list = useQuery(productListQuery(search))
  const choices = useQuery(productChoicesQuery)
  const statuses = useStatusLabels()
  const [draft, setDraft] = useState<ProductsSearch>(search)
  const go = (next: Partial<ProductsSearch>) => void navigate({ search: (before) => ({ ...before, ...next }) })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    go({ q: draft.q || undefined, status: draft.status, category: draft.category, page: 1 })
  }
  const page = search.page
  const pages = list.data?.total_pages ?? 1
  const total = list.data?.total ?? 0
  return (
    <section aria-labelledby={`${id}-title`} className="admin-products">
      <h1 id={`${id}-title`}>
        <Trans>Products</Trans>
      </h1>
      <p>
        <Link to="/products/new" className="admin-button">
          <Trans>New model</Trans>
        </Link>
      </p>
      <form className="admin-form admin-products__filters" onSubmit={submit} role="search">
        <div className="admin-field">
          <label htmlFor={`${id}-q`}>
            <Trans>Name, SKU or barcode</Trans>
          </label>
          <input
            id={`${id}-q`}
            type="search"
            value={draft.q ?? ''}
            maxLength={100}
            onChange={(event) => setDraft({ ...draft, q: event.currentTarget.value })}
          />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-status`}>
            <Trans>Status</Trans>
          </label>
          <select
            id={`${id}-status`}
            value={draft.status ?? ''}
            onChange={(event) => {
              const value = event.currentTarget.value
              setDraft({ ...draft, status: STATUSES.find((status) => status === value) })
            }}
          >
            <option value="">{t`Any status`}</option>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {statuses[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-category`}>
            <Trans>Category</Trans>
          </label>
          <select
            id={`${id}-category`}
            value={draft.category ?? ''}
            onChange={(event) => setDraft({ ...draft, category: event.currentTarget.value || undefined })}
          >
            <option value="">{t`Any category`}</option>
            {(choices.data?.categories ?? []).map((category) => (
              <option key={category.slug} value={category.slug}>
                {named(category, locale)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <button type="submit" className="admin-button">
            <Trans>Show</Trans>
          </button>
        </div>
      </form>
      <div className="admin-table">
        <TableScroll>
          <table>
            <TableCaption>
              <Trans>{total} models</Trans>
            </TableCaption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Model</Trans>
                </th>
                <th scope="col">
                  <Trans>Colours</Trans>
                </th>
                <th scope="col">
                  <Trans>Sizes</Trans>
                </th>
                <th scope="col">
                  <Trans>Price (THB)</Trans>
                </th>
                <th scope="col">
                  <Trans>Status</Trans>
                </th>
              </tr>
            </thead>
            <tbody aria-busy={list.isPending}>
              {list.isPending ? (
                <tr>
                  <td colSpan={5} className="admin-table__status" role="status">
                    <Trans>Loading the models…</Trans>
                  </td>
                </tr>
              ) : list.isError ? (
                <tr>
                  <td colSpan={5} className="admin-table__status">
                    <ErrorNotice error={list.error} />
                  </td>
                </tr>
              ) : list.data.items.length === 0 ? (
                <tr>
                  <td colSpan={5} className="admin-table__status">
                    {search.q || search.status || search.category ? (
                      <Trans>No model matches these filters.</Trans>
                    ) : (
                      <Trans>No models yet. Make the first with “New model”.</Trans>
                    )}
                  </td>
                </tr>
              ) : (
                list.data.items.map((model) => (
                  <tr key={model.id}>
                    <th scope="row">
                      <Link to="/products/$id" params={{ id: model.id }}>
                        {locale === 'th' ? model.name_th : model.name_en}
                      </Link>
                      <span className="admin-products__other" lang={locale === 'th' ? 'en' : 'th'}>
                        {locale === 'th' ? model.name_en : model.name_th}
                      </span>
                    </th>
                    <td>
                      <ul className="admin-products__swatches">
                        {model.colours.map((colour) => (
                          <li key={colour.id}>
                            <span className="admin-products__swatch" style={{ background: colour.hex }} aria-hidden />
                            {named(colour, locale)}
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td>{model.sizes}</td>
                    <td>{formatMoney(model.price_thb, 'thb', locale)}</td>
                    <td>
                      <StatusBadge status={model.status} publishAt={model.publish_at} />
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </TableScroll>
        <nav className="admin-pager" aria-label={t`Pages`}>
          <button type="button" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
            <Trans>Previous</Trans>
          </button>
          <span>
            <Trans>
              Page {page} of {pages}
            </Trans>
          </span>
          <button type="button" disabled={page >= pages} onClick={() => go({ page: page + 1 })}>
            <Trans>Next</Trans>
          </button>
        </nav>
      </div>
    </section>
  )
}

// ── the form ─────────────────────────────────────────────────────────────────────────────────────

type VariantDraft = { sku: string; barcode: string; existing: boolean }
type ColourDraft = {
  id: string | null
  slug: string
  slugTyped: boolean
  nameTh: string
  nameEn: string
  hex: string
  variants: Record<string, VariantDraft>
}
type Draft = {
  slug: string
  slugTyped: boolean
  category: string
  gender: Gender
  nameTh: string
  nameEn: string
  descriptionTh: string
  descriptionEn: string
  materialTh: string
  materialEn: string
  careTh: string
  careEn: string
  sizes: string[]
  sizeText: string
  chartTh: string
  chartEn: string
  chartRows: Record<string, string>
  tags: Set<Tag>
  collections: Set<string>
  matchWith: PickedModel[]
  priceThb: string
  priceUsd: string
  colours: ColourDraft[]
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)

const sizesOf = (text: string) => [
  ...new Set(
    text
      .split(/[,\s]+/)
      .map((size) => size.trim().toUpperCase())
      .filter(Boolean),
  ),
]

/** The draft's keys of each pair of fields, Thai and English. */
const FIELD_KEYS = {
  name: { th: 'nameTh', en: 'nameEn' },
  description: { th: 'descriptionTh', en: 'descriptionEn' },
  material: { th: 'materialTh', en: 'materialEn' },
  care: { th: 'careTh', en: 'careEn' },
} as const

function emptyColour(): ColourDraft {
  return { id: null, slug: '', slugTyped: false, nameTh: '', nameEn: '', hex: '#000000', variants: {} }
}

function draftOf(model: ProductModel | null): Draft {
  const sizes = model ? [...new Set(model.colours.flatMap((colour) => colour.variants.map((v) => v.size)))] : []
  return {
    slug: model?.id ?? '',
    slugTyped: false,
    category: model?.category ?? '',
    gender: model?.gender ?? 'women',
    nameTh: model?.name_th ?? '',
    nameEn: model?.name_en ?? '',
    descriptionTh: model?.description_th ?? '',
    descriptionEn: model?.description_en ?? '',
    materialTh: model?.material_th ?? '',
    materialEn: model?.material_en ?? '',
    careTh: (model?.care_th ?? []).join('\n'),
    careEn: (model?.care_en ?? []).join('\n'),
    sizes,
    sizeText: sizes.join(', '),
    chartTh: (model?.size_chart?.columns ?? []).map((column) => column.th).join('\n'),
    chartEn: (model?.size_chart?.columns ?? []).map((column) => column.en).join('\n'),
    chartRows: Object.fromEntries((model?.size_chart?.rows ?? []).map((row) => [row.size, row.values.join(' ')])),
    tags: new Set(model?.tags ?? []),
    collections: new Set(model?.collections ?? []),
    matchWith: model?.match_with ?? [],
    priceThb: '',
    priceUsd: '',
    colours: model
      ? model.colours.map((colour) => ({
          id: colour.id,
          slug: colour.slug,
          slugTyped: true,
          nameTh: colour.name_th,
          nameEn: colour.name_en,
          hex: colour.hex,
          variants: Object.fromEntries(
            colour.variants.map((variant) => [
              variant.size,
              { sku: variant.sku, barcode: variant.barcode ?? '', existing: true },
            ]),
          ),
        }))
      : [emptyColour()],
  }
}

/** A price typed in baht or dollars as minor units; NaN when it is not a positive amount. */
function minorUnits(text: string): number {
  const trimmed = text.trim().replace(/,/g, '')
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return Number.NaN
  return Math.round(Number(trimmed) * 100)
}

/** The colour ids the API will give: kept ids, else the pattern's. */
function colourIds(draft: Draft): string[] {
  return draft.colours.map((colour, index) => colour.id ?? colourIdOf(draft.slug, colour.slug, index))
}

/** The body to send and what the form finds wrong itself (the same codes the API gives). */
function inputOf(draft: Draft, creating: boolean) {
  const local: Record<string, string> = {}
  const required = (field: string, value: string) => {
    if (!value.trim()) local[field] = 'required'
  }
  if (creating && !SLUG_PATTERN.test(draft.slug)) local.slug = draft.slug ? 'invalid' : 'required'
  required('category', draft.category)
  required('name_th', draft.nameTh)
  required('name_en', draft.nameEn)
  required('description_th', draft.descriptionTh)
  required('description_en', draft.descriptionEn)
  required('material_th', draft.materialTh)
  required('material_en', draft.materialEn)
  if (draft.sizes.length === 0) local.sizes = 'required'
  draft.sizes.forEach((size) => {
    if (!PRODUCT_SIZE_PATTERN.test(size)) local.sizes = 'invalid'
  })
  const columnsTh = lines(draft.chartTh)
  const columnsEn = lines(draft.chartEn)
  let sizeChart: ProductCreateInput['size_chart'] = null
  if (columnsTh.length > 0 || columnsEn.length > 0) {
    if (columnsTh.length !== columnsEn.length) local.size_chart = 'columns'
    const rows = draft.sizes.map((size) => {
      const values = (draft.chartRows[size] ?? '').split(/\s+/).filter(Boolean).map(Number)
      if (values.length !== columnsTh.length || values.some((value) => !Number.isFinite(value) || value < 0))
        local[`size_chart.${size}`] = 'values'
      return { size, values }
    })
    sizeChart = {
      columns: columnsTh.map((th, index) => ({ th, en: columnsEn[index] ?? '' })),
      rows,
    }
  }
  const ids = colourIds(draft)
  const colours = draft.colours.map((colour, c) => {
    if (!colour.nameTh.trim()) local[`colours.${c}.name_th`] = 'required'
    if (!colour.nameEn.trim()) local[`colours.${c}.name_en`] = 'required'
    if (!SLUG_PATTERN.test(colour.slug)) local[`colours.${c}.slug`] = colour.slug ? 'invalid' : 'required'
    if (!COLOUR_HEX_PATTERN.test(colour.hex)) local[`colours.${c}.hex`] = 'invalid'
    return {
      ...(colour.id ? { id: colour.id } : {}),
      slug: colour.slug,
      name_th: colour.nameTh,
      name_en: colour.nameEn,
      hex: colour.hex,
      variants: draft.sizes.map((size, v) => {
        const typed = colour.variants[size] ?? { sku: '', barcode: '', existing: false }
        const sku = typed.sku.trim() || skuFor(ids[c] ?? '', size)
        if (!isValidSku(sku)) local[`colours.${c}.variants.${v}.sku`] = 'invalid'
        const barcode = typed.barcode.trim()
        if (barcode && !isValidBarcode(barcode)) local[`colours.${c}.variants.${v}.barcode`] = 'invalid'
        return { size, sku: typed.sku.trim(), barcode: barcode || null }
      }),
    }
  })
  const model = {
    category: draft.category,
    gender: draft.gender,
    name_th: draft.nameTh,
    name_en: draft.nameEn,
    description_th: draft.descriptionTh,
    description_en: draft.descriptionEn,
    material_th: draft.materialTh,
    material_en: draft.materialEn,
    care_th: lines(draft.careTh),
    care_en: lines(draft.careEn),
    size_chart: sizeChart,
    tags: [...draft.tags],
    collections: [...draft.collections],
    match_with: draft.matchWith.map((match) => match.id),
    colours,
  }
  const priceThb = minorUnits(draft.priceThb)
  const priceUsd = minorUnits(draft.priceUsd)
  if (creating && !(priceThb > 0)) local.price_thb = draft.priceThb.trim() ? 'invalid' : 'required'
  if (creating && !(priceUsd > 0)) local.price_usd = draft.priceUsd.trim() ? 'invalid' : 'required'
  return { model, create: { ...model, slug: draft.slug, price_thb: priceThb, price_usd: priceUsd }, local }
}

function useFieldMessages() {
  const { t } = useLingui()
  return (field: string, reason: string): string => {
    switch (reason) {
      case 'required':
        return t`Fill this in.`
      case 'taken':
        return field.endsWith('barcode')
          ? t`Another product already has this barcode.`
          : field.endsWith('sku')
            ? t`Another product already has this SKU.`
            : t`Another product already has this address (slug).`
      case 'duplicate':
        return t`This is given twice in this model.`
      case 'unknown':
        return t`Something chosen here no longer exists.`
      case 'self':
        return t`A model cannot match with itself.`
      case 'in_use':
        return field === 'colours'
          ? t`A colour that was sold, counted or stocked stays: count its stock to 0 or unpublish the model instead.`
          : t`A size that was sold, counted or stocked stays: count its stock to 0 instead.`
      case 'fixed':
        return t`A size keeps its SKU once made.`
      case 'columns':
        return t`Give as many Thai column names as English ones.`
      case 'values':
        return t`Give one number per column, separated by spaces.`
      case 'past':
        return t`Choose a time in the future.`
      default:
        if (field === 'slug' || field.endsWith('.slug'))
          return t`Use lower-case letters, digits and single hyphens, such as linen-wrap-dress.`
        if (field.endsWith('barcode')) return t`Not a GTIN-8, 12, 13 or 14 with the right check digit.`
        if (field.endsWith('sku')) return t`Use capitals, digits, dots and hyphens.`
        if (field.endsWith('hex')) return t`Use a colour such as #1A2B3C.`
        if (field.startsWith('price')) return t`Enter an amount greater than 0, such as 2590 or 89.50.`
        return t`This value is not valid.`
    }
  }
}

function ModelForm({ model, choices }: { model: ProductModel | null; choices: ProductChoices }) {
  const { t } = useLingui()
  const locale = useLocale()
  const id = useId()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const message = useFieldMessages()
  const genders = useGenderLabels()
  const creating = model === null
  const [draft, setDraft] = useState<Draft>(() => draftOf(model))
  const [problems, setProblems] = useState<Record<string, string>>({})
  const [saved, setSaved] = useState(false)
  const save = useMutation({
    mutationFn: () => {
      const { model: body, create } = inputOf(draft, creating)
      return model ? updateProductModel(model.id, body) : createProductModel(create)
    },
    onSuccess: async (result) => {
      setSaved(true)
      await queryClient.invalidateQueries({ queryKey: adminKeys.products })
      if (creating) await navigate({ to: '/products/$id', params: { id: result.id } })
      else setDraft(draftOf(result))
    },
    onError: (error) => {
      if (error instanceof AdminApiError) setProblems(error.fields)
    },
  })
  const update = (change: Partial<Draft>) => {
    setSaved(false)
    setDraft((current) => ({ ...current, ...change }))
  }
  const updateColour = (index: number, change: Partial<ColourDraft>) =>
    update({
      colours: draft.colours.map((colour, at) => (at === index ? { ...colour, ...change } : colour)),
    })
  const updateVariant = (index: number, size: string, change: Partial<VariantDraft>) => {
    const colour = draft.colours[index]
    if (!colour) return
    const current = colour.variants[size] ?? { sku: '', barcode: '', existing: false }
    updateColour(index, { variants: { ...colour.variants, [size]: { ...current, ...change } } })
  }
  const toggle = <T,>(set: Set<T>, value: T, on: boolean) => {
    const next = new Set(set)
    if (on) next.add(value)
    else next.delete(value)
    return next
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const { local } = inputOf(draft, creating)
    setProblems(local)
    if (Object.keys(local).length > 0) return
    save.mutate()
  }
  const error = (field: string) => (problems[field] ? message(field, problems[field]) : undefined)
  const f = (name: string) => `${id}-${name.replace(/[^a-z0-9]/gi, '-')}`
  const ids = colourIds(draft)
  const hasProblems = Object.keys(problems).length > 0
  const slugShown = draft.slug || '…'

  /** A pair of fields, Thai and English side by side. */
  const pair = (
    name: 'name' | 'description' | 'material' | 'care',
    label: { th: ReactNode; en: ReactNode },
    multiline: boolean,
    hint?: ReactNode,
  ) => {
    const keys = FIELD_KEYS[name]
    return (
      <div className="admin-products__pair">
        {(['th', 'en'] as const).map((language) => {
          const field = `${name}_${language}`
          const fieldId = f(field)
          const value = draft[keys[language]]
          const change = (text: string) =>
            update({
              [keys[language]]: text,
              // A new model's address follows its English name until staff type one.
              ...(creating && field === 'name_en' && !draft.slugTyped ? { slug: slugify(text) } : {}),
            })
          return (
            <Field key={language} id={fieldId} label={label[language]} error={error(field)} hint={hint} lang={language}>
              {multiline ? (
                <textarea
                  id={fieldId}
                  value={value}
                  rows={name === 'care' ? 3 : 5}
                  onChange={(event) => change(event.currentTarget.value)}
                  {...described(fieldId, error(field), Boolean(hint))}
                />
              ) : (
                <input
                  id={fieldId}
                  value={value}
                  maxLength={name === 'name' ? 120 : 200}
                  onChange={(event) => change(event.currentTarget.value)}
                  {...described(fieldId, error(field), Boolean(hint))}
                />
              )}
            </Field>
          )
        })}
      </div>
    )
  }

  return (
    <form className="admin-form admin-products__form" onSubmit={submit} noValidate>
      {hasProblems ? (
        <p role="alert" className="admin-notice admin-notice--error">
          <Trans>Some fields need a change: see the messages below them.</Trans>
        </p>
      ) : null}
      {saved ? (
        <p role="status" className="admin-notice">
          <Trans>Saved.</Trans>
        </p>
      ) : null}

      <fieldset className="admin-products__section">
        <legend>
          <Trans>The model</Trans>
        </legend>
        {pair('name', { th: <Trans>Name (Thai)</Trans>, en: <Trans>Name (English)</Trans> }, false)}
        {creating ? (
          <Field
            id={f('slug')}
            label={<Trans>Address (slug)</Trans>}
            error={error('slug')}
            hint={<Trans>The model’s address in the shop: /product/{slugShown}. It cannot change later.</Trans>}
          >
            <input
              id={f('slug')}
              value={draft.slug}
              maxLength={80}
              spellCheck={false}
              onChange={(event) => update({ slug: event.currentTarget.value.toLowerCase(), slugTyped: true })}
              {...described(f('slug'), error('slug'), true)}
            />
          </Field>
        ) : null}
        <div className="admin-products__pair">
          <Field id={f('category')} label={<Trans>Category</Trans>} error={error('category')}>
            <select
              id={f('category')}
              value={draft.category}
              onChange={(event) => update({ category: event.currentTarget.value })}
              {...described(f('category'), error('category'))}
            >
              <option value="">{t`Choose a category`}</option>
              {choices.categories.map((category) => (
                <option key={category.slug} value={category.slug}>
                  {named(category, locale)}
                </option>
              ))}
            </select>
          </Field>
          <Field id={f('gender')} label={<Trans>Cut for</Trans>} error={error('gender')}>
            <select
              id={f('gender')}
              value={draft.gender}
              onChange={(event) => {
                const value = event.currentTarget.value
                update({ gender: GENDERS.find((gender) => gender === value) ?? 'women' })
              }}
            >
              {GENDERS.map((gender) => (
                <option key={gender} value={gender}>
                  {genders[gender]}
                </option>
              ))}
            </select>
          </Field>
        </div>
        {pair('description', { th: <Trans>Description (Thai)</Trans>, en: <Trans>Description (English)</Trans> }, true)}
        {pair('material', { th: <Trans>Material (Thai)</Trans>, en: <Trans>Material (English)</Trans> }, false)}
        {pair(
          'care',
          { th: <Trans>Care (Thai)</Trans>, en: <Trans>Care (English)</Trans> },
          true,
          <Trans>One instruction a line.</Trans>,
        )}
        {creating ? (
          <div className="admin-products__pair">
            <Field
              id={f('price_thb')}
              label={<Trans>Price (THB)</Trans>}
              error={error('price_thb')}
              hint={<Trans>Change prices later on the prices screen.</Trans>}
            >
              <input
                id={f('price_thb')}
                inputMode="decimal"
                value={draft.priceThb}
                onChange={(event) => update({ priceThb: event.currentTarget.value })}
                {...described(f('price_thb'), error('price_thb'), true)}
              />
            </Field>
            <Field id={f('price_usd')} label={<Trans>Price (USD)</Trans>} error={error('price_usd')}>
              <input
                id={f('price_usd')}
                inputMode="decimal"
                value={draft.priceUsd}
                onChange={(event) => update({ priceUsd: event.currentTarget.value })}
                {...described(f('price_usd'), error('price_usd'))}
              />
            </Field>
          </div>
        ) : null}
      </fieldset>

      <fieldset className="admin-products__section">
        <legend>
          <Trans>Sizes</Trans>
        </legend>
        <Field
          id={f('sizes')}
          label={<Trans>Sizes of the model</Trans>}
          error={error('sizes')}
          hint={
            <Trans>
              In wearing order, separated by commas: XS, S, M, L or 38, 39, 40. Every colour has them. A size taken out
              is removed only if it was never sold, counted or stocked.
            </Trans>
          }
        >
          <input
            id={f('sizes')}
            value={draft.sizeText}
            spellCheck={false}
            onChange={(event) => {
              const text = event.currentTarget.value
              update({ sizeText: text, sizes: sizesOf(text) })
            }}
            {...described(f('sizes'), error('sizes'), true)}
          />
        </Field>
        <div className="admin-products__pair">
          <Field
            id={f('chart_th')}
            label={<Trans>Size chart columns (Thai)</Trans>}
            error={error('size_chart')}
            hint={<Trans>One measurement a line, in centimetres; leave empty for no chart.</Trans>}
            lang="th"
          >
            <textarea
              id={f('chart_th')}
              rows={3}
              value={draft.chartTh}
              onChange={(event) => update({ chartTh: event.currentTarget.value })}
              {...described(f('chart_th'), error('size_chart'), true)}
            />
          </Field>
          <Field id={f('chart_en')} label={<Trans>Size chart columns (English)</Trans>} error={undefined} lang="en">
            <textarea
              id={f('chart_en')}
              rows={3}
              value={draft.chartEn}
              onChange={(event) => update({ chartEn: event.currentTarget.value })}
            />
          </Field>
        </div>
        {lines(draft.chartEn).length > 0 || lines(draft.chartTh).length > 0 ? (
          <div className="admin-products__chart">
            {draft.sizes.map((size) => (
              <Field
                key={size}
                id={f(`chart-${size}`)}
                label={<Trans>Measurements of {size}</Trans>}
                error={error(`size_chart.${size}`)}
              >
                <input
                  id={f(`chart-${size}`)}
                  inputMode="decimal"
                  value={draft.chartRows[size] ?? ''}
                  onChange={(event) => update({ chartRows: { ...draft.chartRows, [size]: event.currentTarget.value } })}
                  {...described(f(`chart-${size}`), error(`size_chart.${size}`))}
                />
              </Field>
            ))}
          </div>
        ) : null}
      </fieldset>

      <fieldset className="admin-products__section">
        <legend>
          <Trans>Colours</Trans>
        </legend>
        {error('colours') ? <p className="admin-field__error">{error('colours')}</p> : null}
        <p className="admin-field__hint">
          <Trans>
            A SKU left empty is made from the pattern COLOUR-ID-SIZE. A barcode is a GTIN-8, 12, 13 or 14; its last
            digit is checked.
          </Trans>
        </p>
        {draft.colours.map((colour, c) => {
          const at = `colours.${c}`
          const colourId = ids[c] ?? ''
          const number = c + 1
          const colourName = (locale === 'th' ? colour.nameTh : colour.nameEn) || t`New colour`
          return (
            <section
              key={colour.id ?? `new-${c}`}
              className="admin-products__colour"
              aria-labelledby={f(`${at}-title`)}
            >
              <h2 id={f(`${at}-title`)}>
                <span className="admin-products__swatch" style={{ background: colour.hex }} aria-hidden />
                <Trans>
                  Colour {number}: {colourName}
                </Trans>
              </h2>
              <div className="admin-products__pair">
                <Field
                  id={f(`${at}.name_th`)}
                  label={<Trans>Colour name (Thai)</Trans>}
                  error={error(`${at}.name_th`)}
                  lang="th"
                >
                  <input
                    id={f(`${at}.name_th`)}
                    value={colour.nameTh}
                    maxLength={40}
                    onChange={(event) => updateColour(c, { nameTh: event.currentTarget.value })}
                    {...described(f(`${at}.name_th`), error(`${at}.name_th`))}
                  />
                </Field>
                <Field
                  id={f(`${at}.name_en`)}
                  label={<Trans>Colour name (English)</Trans>}
                  error={error(`${at}.name_en`)}
                  lang="en"
                >
                  <input
                    id={f(`${at}.name_en`)}
                    value={colour.nameEn}
                    maxLength={40}
                    onChange={(event) => {
                      const nameEn = event.currentTarget.value
                      updateColour(c, { nameEn, ...(colour.slugTyped ? {} : { slug: slugify(nameEn) }) })
                    }}
                    {...described(f(`${at}.name_en`), error(`${at}.name_en`))}
                  />
                </Field>
              </div>
              <div className="admin-products__pair">
                <Field id={f(`${at}.hex`)} label={<Trans>Colour</Trans>} error={error(`${at}.hex`)}>
                  <input
                    id={f(`${at}.hex`)}
                    type="color"
                    value={COLOUR_HEX_PATTERN.test(colour.hex) ? colour.hex : '#000000'}
                    onChange={(event) => updateColour(c, { hex: event.currentTarget.value.toUpperCase() })}
                    {...described(f(`${at}.hex`), error(`${at}.hex`))}
                  />
                </Field>
                <Field
                  id={f(`${at}.slug`)}
                  label={<Trans>Colour slug</Trans>}
                  error={error(`${at}.slug`)}
                  hint={colour.id ? <Trans>Its id stays {colourId}.</Trans> : undefined}
                >
                  <input
                    id={f(`${at}.slug`)}
                    value={colour.slug}
                    maxLength={80}
                    spellCheck={false}
                    onChange={(event) =>
                      updateColour(c, { slug: event.currentTarget.value.toLowerCase(), slugTyped: true })
                    }
                    {...described(f(`${at}.slug`), error(`${at}.slug`), Boolean(colour.id))}
                  />
                </Field>
              </div>
              {draft.sizes.length > 0 ? (
                <TableScroll>
                  <table className="admin-products__variants">
                    <TableCaption>
                      <Trans>Sizes of colour {number}</Trans>
                    </TableCaption>
                    <thead>
                      <tr>
                        <th scope="col">
                          <Trans>Size</Trans>
                        </th>
                        <th scope="col">
                          <Trans>SKU</Trans>
                        </th>
                        <th scope="col">
                          <Trans>Barcode</Trans>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {draft.sizes.map((size, v) => {
                        const variant = colour.variants[size] ?? { sku: '', barcode: '', existing: false }
                        const skuField = `${at}.variants.${v}.sku`
                        const barcodeField = `${at}.variants.${v}.barcode`
                        return (
                          <tr key={size}>
                            <th scope="row">{size}</th>
                            <td>
                              <input
                                id={f(skuField)}
                                aria-label={t`SKU of ${size}`}
                                value={variant.sku}
                                placeholder={skuFor(colourId, size)}
                                readOnly={variant.existing}
                                spellCheck={false}
                                maxLength={64}
                                onChange={(event) =>
                                  updateVariant(c, size, { sku: event.currentTarget.value.toUpperCase() })
                                }
                                {...described(f(skuField), error(skuField))}
                              />
                              {error(skuField) ? (
                                <p id={`${f(skuField)}-error`} className="admin-field__error">
                                  {error(skuField)}
                                </p>
                              ) : null}
                            </td>
                            <td>
                              <input
                                id={f(barcodeField)}
                                aria-label={t`Barcode of ${size}`}
                                value={variant.barcode}
                                inputMode="numeric"
                                maxLength={14}
                                onChange={(event) => updateVariant(c, size, { barcode: event.currentTarget.value })}
                                onBlur={(event) => {
                                  const value = event.currentTarget.value.trim()
                                  setProblems((current) => {
                                    const others = Object.fromEntries(
                                      Object.entries(current).filter(([field]) => field !== barcodeField),
                                    )
                                    return value && !isValidBarcode(value)
                                      ? { ...others, [barcodeField]: 'invalid' }
                                      : others
                                  })
                                }}
                                {...described(f(barcodeField), error(barcodeField))}
                              />
                              {error(barcodeField) ? (
                                <p id={`${f(barcodeField)}-error`} className="admin-field__error">
                                  {error(barcodeField)}
                                </p>
                              ) : null}
                            </td>
                          </tr>
                        )
                      })}
                    </tbody>
                  </table>
                </TableScroll>
              ) : null}
              {c > 0 ? (
                <button
                  type="button"
                  className="admin-button admin-button--quiet"
                  onClick={() => update({ colours: draft.colours.filter((_, at) => at !== c) })}
                >
                  <Trans>Remove this colour</Trans>
                </button>
              ) : null}
            </section>
          )
        })}
        <p>
          <button
            type="button"
            className="admin-button admin-button--secondary"
            onClick={() => update({ colours: [...draft.colours, emptyColour()] })}
          >
            <Trans>Add a colour</Trans>
          </button>
        </p>
      </fieldset>

      <fieldset className="admin-products__section">
        <legend>
          <Trans>Tags</Trans>
        </legend>
        {choices.tags.map((tag) => (
          <label key={tag.tag} className="admin-check admin-products__tag">
            <input
              type="checkbox"
              checked={draft.tags.has(tag.tag)}
              onChange={(event) => update({ tags: toggle(draft.tags, tag.tag, event.currentTarget.checked) })}
            />
            <span>
              <strong>{tag.tag}</strong> — {locale === 'th' ? tag.rule_th : tag.rule_en}{' '}
              <span className="admin-field__hint">({tag.section})</span>
            </span>
          </label>
        ))}
      </fieldset>

      <fieldset className="admin-products__section">
        <legend>
          <Trans>Collections</Trans>
        </legend>
        {error('collections') ? <p className="admin-field__error">{error('collections')}</p> : null}
        <div className="admin-products__collections">
          {choices.collections.map((collection) => (
            <label key={collection.slug} className="admin-check">
              <input
                type="checkbox"
                checked={draft.collections.has(collection.slug)}
                onChange={(event) =>
                  update({ collections: toggle(draft.collections, collection.slug, event.currentTarget.checked) })
                }
              />
              {named(collection, locale)}
            </label>
          ))}
        </div>
        <ModelPicker
          label={t`Match with`}
          hint={t`Other models shown with this one on its page.`}
          error={error('match_with')}
          value={draft.matchWith}
          onChange={(matchWith) => update({ matchWith })}
          exclude={model ? [model.id] : []}
          max={8}
        />
      </fieldset>

      <p>
        <button type="submit" className="admin-button" disabled={save.isPending}>
          {save.isPending ? (
            <Trans>Saving…</Trans>
          ) : creating ? (
            <Trans>Create the model as a draft</Trans>
          ) : (
            <Trans>Save the model</Trans>
          )}
        </button>
      </p>
      {save.isError && !(save.error instanceof AdminApiError && Object.keys(save.error.fields).length > 0) ? (
        <ErrorNotice error={save.error} />
      ) : null}
    </form>
  )
}

// ── a new model, a model ─────────────────────────────────────────────────────────────────────────

export function NewProductScreen() {
  const { t } = useLingui()
  useAdminTitle(t`New model`)
  const choices = useQuery(productChoicesQuery)
  return (
    <section className="admin-products">
      <p>
        <Link to="/products">
          <Trans>All products</Trans>
        </Link>
      </p>
      <h1>
        <Trans>New model</Trans>
      </h1>
      {choices.isPending ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : choices.isError ? (
        <ErrorNotice error={choices.error} />
      ) : (
        <ModelForm model={null} choices={choices.data} />
      )}
    </section>
  )
}

/** Where the model stands and the moves from there: publish, schedule, unpublish, preview, duplicate. */
function StatusPanel({ model }: { model: ProductModel }) {
  const locale = useLocale()
  const id = useId()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const message = useFieldMessages()
  const [when, setWhen] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [preview, setPreview] = useState<ProductPreview | null>(null)
  const refresh = (saved: ProductModel) => {
    queryClient.setQueryData(productModelQuery(saved.id).queryKey, saved)
    return queryClient.invalidateQueries({ queryKey: [...adminKeys.products, 'list'] })
  }
  const status = useMutation({
    mutationFn: (input: { status: ProductStatus; publish_at?: string | null }) => setProductStatus(model.id, input),
    onSuccess: async (saved) => {
      setProblem(null)
      await refresh(saved)
    },
    onError: (error) => {
      if (error instanceof AdminApiError && error.fields.publish_at)
        setProblem(message('publish_at', error.fields.publish_at))
    },
  })
  const previewing = useMutation({ mutationFn: () => previewProductModel(model.id), onSuccess: setPreview })
  const duplicating = useMutation({
    mutationFn: () => duplicateProductModel(model.id),
    onSuccess: async (copy) => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.products })
      await navigate({ to: '/products/$id', params: { id: copy.id } })
    },
  })
  const schedule = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const at = new Date(when)
    if (!when || Number.isNaN(at.getTime())) {
      setProblem(message('publish_at', 'required'))
      return
    }
    status.mutate({ status: 'scheduled', publish_at: at.toISOString() })
  }
  const busy = status.isPending
  const until = preview ? formatWhen(preview.expires_at, locale) : ''
  // Publishing is allowed without pictures (the shop shows a plain drawing), but the staff are told before they do.
  const bare = model.colours.filter((colour) => colour.images.length === 0).map((colour) => named(colour, locale))
  const bareNames = new Intl.ListFormat(locale, { type: 'conjunction' }).format(bare)
  const bareCount = bare.length
  return (
    <section className="admin-products__panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <Trans>In the shop</Trans>
      </h2>
      <p role="status">
        <StatusBadge status={model.status} publishAt={model.publish_at} />
      </p>
      {model.status !== 'published' && bareCount > 0 ? (
        <p id={`${id}-bare`} className="admin-notice">
          {bareCount === 1 ? (
            <Trans>Colour without a picture yet: {bareNames}. The shop shows a plain drawing until it has one.</Trans>
          ) : (
            <Trans>
              Colours without a picture yet: {bareNames}. The shop shows a plain drawing until they have one.
            </Trans>
          )}{' '}
          <Link to="/pictures" search={{ product: model.id }}>
            <Trans>Add pictures</Trans>
          </Link>
        </p>
      ) : null}
      <div className="admin-products__actions">
        {model.status !== 'published' ? (
          <button
            type="button"
            className="admin-button"
            disabled={busy}
            aria-describedby={bareCount > 0 ? `${id}-bare` : undefined}
            onClick={() => status.mutate({ status: 'published' })}
          >
            <Trans>Publish now</Trans>
          </button>
        ) : (
          <button
            type="button"
            className="admin-button admin-button--danger"
            disabled={busy}
            onClick={() => status.mutate({ status: 'unpublished' })}
          >
            <Trans>Unpublish</Trans>
          </button>
        )}
        {model.status === 'scheduled' || model.status === 'unpublished' ? (
          <button
            type="button"
            className="admin-button admin-button--quiet"
            disabled={busy}
            onClick={() => status.mutate({ status: 'draft' })}
          >
            <Trans>Back to draft</Trans>
          </button>
        ) : null}
        <button
          type="button"
          className="admin-button admin-button--secondary"
          disabled={previewing.isPending}
          onClick={() => previewing.mutate()}
        >
          <Trans>Preview</Trans>
        </button>
        <button
          type="button"
          className="admin-button admin-button--secondary"
          disabled={duplicating.isPending}
          onClick={() => duplicating.mutate()}
        >
          <Trans>Duplicate to start a new model</Trans>
        </button>
      </div>
      {preview ? (
        <p className="admin-notice">
          <a href={preview.url} target="_blank" rel="noopener noreferrer">
            <Trans>Open the preview</Trans>
          </a>{' '}
          <Trans>(only with this link, until {until})</Trans>
        </p>
      ) : null}
      {model.status !== 'published' ? (
        <form className="admin-products__schedule" onSubmit={schedule} noValidate>
          <div className="admin-field">
            <label htmlFor={`${id}-when`}>
              <Trans>Publish by itself at</Trans>
            </label>
            <input
              id={`${id}-when`}
              type="datetime-local"
              value={when}
              onChange={(event) => setWhen(event.currentTarget.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-when-error` : undefined}
            />
            {problem ? (
              <p id={`${id}-when-error`} className="admin-field__error">
                {problem}
              </p>
            ) : null}
          </div>
          <button type="submit" className="admin-button admin-button--secondary" disabled={busy}>
            <Trans>Schedule</Trans>
          </button>
        </form>
      ) : null}
      {status.isError && !problem ? <ErrorNotice error={status.error} /> : null}
      {previewing.isError ? <ErrorNotice error={previewing.error} /> : null}
      {duplicating.isError ? <ErrorNotice error={duplicating.error} /> : null}
    </section>
  )
}

function PictureCount({ count }: { count: number }) {
  return <Trans>{count} pictures</Trans>
}

/** The model's pictures, read-only here: the pictures screen edits them. */
function Pictures({ model }: { model: ProductModel }) {
  const { place } = useRouteContext({ from: '__root__' })
  const locale = place.locale
  const id = useId()
  return (
    <section className="admin-products__panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <Trans>Pictures</Trans>
      </h2>
      <ul className="admin-products__pictures">
        {model.colours.map((colour) => (
          <li key={colour.id}>
            {named(colour, locale)}:{' '}
            {colour.images.length === 0 ? (
              <Trans>no pictures yet</Trans>
            ) : (
              <PictureCount count={colour.images.length} />
            )}
          </li>
        ))}
      </ul>
      <p>
        <Link to="/pictures" search={{ product: model.id }}>
          <Trans>Edit the pictures</Trans>
        </Link>
      </p>
    </section>
  )
}

export function ProductScreen() {
  const { t } = useLingui()
  const locale = useLocale()
  const { id } = modelRoute.useParams()
  const model = useQuery(productModelQuery(id))
  const choices = useQuery(productChoicesQuery)
  useAdminTitle(model.data ? (locale === 'th' ? model.data.name_th : model.data.name_en) : t`Product`)
  return (
    <section className="admin-products">
      <p>
        <Link to="/products">
          <Trans>All products</Trans>
        </Link>
      </p>
      {model.isPending || choices.isPending ? (
        <p role="status">
          <Trans>Loading the model…</Trans>
        </p>
      ) : model.isError ? (
        <ErrorNotice error={model.error} />
      ) : choices.isError ? (
        <ErrorNotice error={choices.error} />
      ) : (
        <>
          <h1>{locale === 'th' ? model.data.name_th : model.data.name_en}</h1>
          <div className="admin-products__layout">
            <div className="admin-products__side">
              <StatusPanel model={model.data} />
              <Pictures model={model.data} />
            </div>
            <ModelForm key={model.data.id} model={model.data} choices={choices.data} />
          </div>
        </>
      )}
    </section>
  )
}
