import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useParams, useRouteContext } from '@tanstack/react-router'
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import {
  AdminApiError,
  createEditorial,
  deleteEditorial,
  findContentProducts,
  getEditorialVersion,
  getInfoPageVersion,
  restoreEditorial,
  restoreInfoPage,
  saveEditorial,
  saveInfoPage,
  unpublishEditorial,
  uploadContentPicture,
  type ContentBlock,
  type ContentPicture,
  type ContentProducts,
  type ContentState,
  type ContentVersion,
  type EditorialDocument,
  type InfoPageDocument,
} from '../api'
import type { AdminLocale } from '../locale'
import { adminKeys, editorialQuery, editorialsQuery, infoPageQuery, infoPagesQuery } from '../queries'
import { described, Field } from '../ui/Field'
import { formatWhen } from '../ui/order-labels'
import { TableCaption, TableScroll } from '../ui/TableScroll'
import { StateBadge, VersionsTable } from '../ui/VersionsTable'
import { useAdminTitle } from '../ui/title'
import { ErrorNotice } from './ErrorScreen'

/*
 * Pages (issue 32 item 6, decision 197): the info pages and the editorials, edited in Thai and English side by side
 * with a block editor, saved as a draft or published, previewed as the shop lays them out, kept as versions that can
 * be restored. Text stays text: the preview, like the shop, renders blocks as React elements only.
 */

type BlockKind = ContentBlock['kind']
type Lang = 'th' | 'en'
type Problems = Record<string, string>
/** Any document the editor edits: its text fields, an optional hero picture, a body per language. */
type AnyDocument = InfoPageDocument | EditorialDocument
type BodyKey = 'body_th' | 'body_en'

const BLOCK_KINDS: readonly BlockKind[] = ['h2', 'p', 'quote', 'ul', 'image', 'products']

function useLocale(): AdminLocale {
  return useRouteContext({ from: '__root__' }).place.locale
}

function useBlockLabels(): Record<BlockKind, string> {
  const { t } = useLingui()
  return {
    h2: t`Heading`,
    p: t`Paragraph`,
    quote: t`Quote`,
    ul: t`List`,
    image: t`Picture`,
    products: t`Products`,
  }
}

function useLanguageNames(): Record<Lang, string> {
  const { t } = useLingui()
  return { th: t`Thai`, en: t`English` }
}

/** The API's field key without the body's wrapper: `document.body_th.0.text` → `body_th.0.text`. */
function problemsOf(error: unknown): Problems {
  if (!(error instanceof AdminApiError)) return {}
  return Object.fromEntries(Object.entries(error.fields).map(([key, value]) => [key.replace(/^document\./, ''), value]))
}

function useProblemText() {
  const { t } = useLingui()
  return (field: string, code: string): string => {
    if (field === 'slug' && code === 'taken') return t`Another editorial has this address.`
    if (field === 'slug') return t`Use lower-case words (letters and digits) joined by hyphens, 3 to 80 characters.`
    if (code === 'required') return t`Fill this in.`
    if (code === 'unknown_product') return t`A product here is not in the catalogue. Remove it and choose again.`
    if (field.endsWith('.path')) return t`Upload the picture again.`
    return t`This is not valid.`
  }
}

/** The image endpoint's URL of a picture path, as the shop asks for it. */
function pictureUrl(path: string, width: number): string {
  return `/images/${path}?fm=webp&q=70&w=${width}&fit=inside`
}

function emptyBlock(kind: BlockKind): ContentBlock {
  switch (kind) {
    case 'ul':
      return { kind, items: [''] }
    case 'image':
      return { kind, image: { path: '', width: 1, height: 1, alt_th: '', alt_en: '' } }
    case 'products':
      return { kind, product_ids: [] }
    default:
      return { kind, text: '' }
  }
}

// ── the list ─────────────────────────────────────────────────────────────────────────────────────

export function ContentScreen() {
  const { t } = useLingui()
  useAdminTitle(t`Pages`)
  const locale = useLocale()
  const pages = useQuery(infoPagesQuery)
  const editorials = useQuery(editorialsQuery)
  return (
    <div className="admin-content">
      <h1>
        <Trans>Pages</Trans>
      </h1>
      <h2>
        <Trans>Info pages</Trans>
      </h2>
      <div className="admin-table">
        <TableScroll>
          <table>
            <TableCaption>
              <Trans>The shop’s info pages and their newest versions</Trans>
            </TableCaption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Page</Trans>
                </th>
                <th scope="col">
                  <Trans>Versions</Trans>
                </th>
                <th scope="col">
                  <Trans>Last saved</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {pages.isPending ? (
                <tr>
                  <td colSpan={3} className="admin-table__status" role="status">
                    <Trans>Loading the pages…</Trans>
                  </td>
                </tr>
              ) : pages.isError ? (
                <tr>
                  <td colSpan={3} className="admin-table__status">
                    <ErrorNotice error={pages.error} />
                  </td>
                </tr>
              ) : pages.data.items.length === 0 ? (
                <tr>
                  <td colSpan={3} className="admin-table__status">
                    <Trans>No info pages yet: they are written when the shop starts.</Trans>
                  </td>
                </tr>
              ) : (
                pages.data.items.map((page) => (
                  <tr key={page.slug}>
                    <th scope="row">
                      <Link to="/content/pages/$slug" params={{ slug: page.slug }}>
                        {page.title}
                      </Link>{' '}
                      <span className="admin-content__slug">/{page.slug}</span>
                      {page.draft ? (
                        <span className="admin-badge admin-content__draft">
                          <Trans>Unpublished draft</Trans>
                        </span>
                      ) : null}
                    </th>
                    <td>{page.versions}</td>
                    <td>
                      {page.updated_at ? formatWhen(page.updated_at, locale) : '—'}
                      {page.updated_by ? ` · ${page.updated_by}` : ''}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </TableScroll>
      </div>

      <h2>
        <Trans>Editorials</Trans>
      </h2>
      <p>
        <Link to="/content/editorials/new" className="admin-button">
          <Trans>New editorial</Trans>
        </Link>
      </p>
      <div className="admin-table">
        <TableScroll>
          <table>
            <TableCaption>
              <Trans>Editorials, drafts and published, newest first</Trans>
            </TableCaption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Title</Trans>
                </th>
                <th scope="col">
                  <Trans>Status</Trans>
                </th>
                <th scope="col">
                  <Trans>Date</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {editorials.isPending ? (
                <tr>
                  <td colSpan={3} className="admin-table__status" role="status">
                    <Trans>Loading the editorials…</Trans>
                  </td>
                </tr>
              ) : editorials.isError ? (
                <tr>
                  <td colSpan={3} className="admin-table__status">
                    <ErrorNotice error={editorials.error} />
                  </td>
                </tr>
              ) : editorials.data.items.length === 0 ? (
                <tr>
                  <td colSpan={3} className="admin-table__status">
                    <Trans>No editorials yet. Write the first with “New editorial”.</Trans>
                  </td>
                </tr>
              ) : (
                editorials.data.items.map((item) => (
                  <tr key={item.slug}>
                    <th scope="row">
                      <Link to="/content/editorials/$slug" params={{ slug: item.slug }}>
                        {item.title}
                      </Link>{' '}
                      <span className="admin-content__slug">/{item.slug}</span>
                    </th>
                    <td>
                      <StateBadge state={item.status} />
                      {item.draft ? (
                        <span className="admin-badge admin-content__draft">
                          <Trans>Unpublished draft</Trans>
                        </span>
                      ) : null}
                    </td>
                    <td>{formatWhen(item.published_at, locale)}</td>
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

// ── the preview ──────────────────────────────────────────────────────────────────────────────────

/** The blocks as the shop lays them out (its `prose`): React elements only, so text can never become markup. */
export function BlocksPreview({ blocks, lang }: { blocks: ContentBlock[]; lang: Lang }) {
  return (
    <div className="admin-preview__prose" lang={lang}>
      {blocks.map((block, index) => {
        switch (block.kind) {
          case 'h2':
            return <h4 key={index}>{block.text}</h4>
          case 'p':
            return <p key={index}>{block.text}</p>
          case 'quote':
            return <blockquote key={index}>{block.text}</blockquote>
          case 'ul':
            return (
              <ul key={index}>
                {block.items.map((item, itemIndex) => (
                  <li key={itemIndex}>{item}</li>
                ))}
              </ul>
            )
          case 'image':
            return block.image.path ? (
              <figure key={index}>
                <img
                  src={pictureUrl(block.image.path, 800)}
                  alt={lang === 'th' ? block.image.alt_th : block.image.alt_en}
                  width={block.image.width}
                  height={block.image.height}
                />
              </figure>
            ) : null
          case 'products':
            return (
              <ul key={index} className="admin-preview__products">
                {block.product_ids.map((id) => (
                  <li key={id}>{id}</li>
                ))}
              </ul>
            )
        }
      })}
    </div>
  )
}

function Preview({
  title,
  lead,
  hero,
  document,
  heading,
}: {
  title: (lang: Lang) => string
  lead: (lang: Lang) => string
  hero?: ContentPicture
  document: AnyDocument
  heading: ReactNode
}) {
  const names = useLanguageNames()
  const [lang, setLang] = useState<Lang>('th')
  const id = useId()
  return (
    <section className="admin-preview" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <div role="group" aria-label={names[lang]} className="admin-preview__langs">
        {(['th', 'en'] as const).map((option) => (
          <button
            key={option}
            type="button"
            className="admin-button admin-button--secondary admin-button--small"
            aria-pressed={lang === option}
            onClick={() => setLang(option)}
          >
            {names[option]}
          </button>
        ))}
      </div>
      <article className="admin-preview__page" lang={lang}>
        {hero?.path ? (
          <img
            className="admin-preview__hero"
            src={pictureUrl(hero.path, 1200)}
            alt={lang === 'th' ? hero.alt_th : hero.alt_en}
            width={hero.width}
            height={hero.height}
          />
        ) : null}
        <h3 className="admin-preview__title">{title(lang)}</h3>
        <p className="admin-preview__lead">{lead(lang)}</p>
        <BlocksPreview blocks={lang === 'th' ? document.body_th : document.body_en} lang={lang} />
      </article>
    </section>
  )
}

// ── the block editor ─────────────────────────────────────────────────────────────────────────────

function PictureFields({
  idPrefix,
  picture,
  onChange,
  problems,
  field,
}: {
  idPrefix: string
  picture: ContentPicture
  onChange: (picture: ContentPicture) => void
  problems: Problems
  field: string
}) {
  const { t } = useLingui()
  const message = useProblemText()
  const input = useRef<HTMLInputElement>(null)
  const upload = useMutation({
    mutationFn: (file: File) => uploadContentPicture(file),
    onSuccess: (kept) => onChange({ ...picture, path: kept.path, width: kept.width, height: kept.height }),
  })
  const error = (key: string) => {
    const code = problems[`${field}.${key}`]
    return code ? message(`${field}.${key}`, code) : undefined
  }
  const pathError = error('path') ?? (problems[`${field}.path`] ? t`Upload the picture again.` : undefined)
  return (
    <div className="admin-content__picture">
      {picture.path ? (
        <img src={pictureUrl(picture.path, 320)} alt="" className="admin-content__thumb" />
      ) : (
        <p className="admin-field__hint">
          <Trans>No picture yet.</Trans>
        </p>
      )}
      <Field id={`${idPrefix}-file`} label={t`Picture file (JPEG, PNG, WebP or AVIF)`} error={pathError}>
        <input
          ref={input}
          id={`${idPrefix}-file`}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          {...described(`${idPrefix}-file`, pathError)}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0]
            if (file) upload.mutate(file)
          }}
        />
      </Field>
      {upload.isPending ? (
        <p role="status">
          <Trans>Uploading…</Trans>
        </p>
      ) : null}
      {upload.isError ? <ErrorNotice error={upload.error} /> : null}
      <Field id={`${idPrefix}-alt-th`} label={t`Alt text in Thai`} error={error('alt_th')}>
        <input
          id={`${idPrefix}-alt-th`}
          lang="th"
          value={picture.alt_th}
          onChange={(event) => onChange({ ...picture, alt_th: event.currentTarget.value })}
          {...described(`${idPrefix}-alt-th`, error('alt_th'))}
        />
      </Field>
      <Field id={`${idPrefix}-alt-en`} label={t`Alt text in English`} error={error('alt_en')}>
        <input
          id={`${idPrefix}-alt-en`}
          lang="en"
          value={picture.alt_en}
          onChange={(event) => onChange({ ...picture, alt_en: event.currentTarget.value })}
          {...described(`${idPrefix}-alt-en`, error('alt_en'))}
        />
      </Field>
    </div>
  )
}

function ProductChooser({
  idPrefix,
  chosen,
  onChange,
  error,
}: {
  idPrefix: string
  chosen: string[]
  onChange: (ids: string[]) => void
  error?: string
}) {
  const { t } = useLingui()
  const [q, setQ] = useState('')
  const [found, setFound] = useState<ContentProducts['items'] | null>(null)
  const search = useMutation({
    mutationFn: (term: string) => findContentProducts(term),
    onSuccess: (r) => setFound(r.items),
  })
  return (
    <div className="admin-content__products">
      <p className="admin-field__hint" id={`${idPrefix}-chosen`}>
        {chosen.length === 0 ? <Trans>No products chosen yet.</Trans> : <Trans>Chosen products:</Trans>}
      </p>
      {chosen.length > 0 ? (
        <ul aria-labelledby={`${idPrefix}-chosen`}>
          {chosen.map((id) => (
            <li key={id}>
              <span className="admin-code">{id}</span>{' '}
              <button
                type="button"
                className="admin-button admin-button--quiet admin-button--small"
                onClick={() => onChange(chosen.filter((other) => other !== id))}
              >
                <Trans>Remove {id}</Trans>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p className="admin-field__error" id={`${idPrefix}-error`}>
          {error}
        </p>
      ) : null}
      <div className="admin-content__finder">
        <Field id={`${idPrefix}-q`} label={t`Find products by name, SKU or barcode`}>
          <input
            id={`${idPrefix}-q`}
            type="search"
            value={q}
            onChange={(event) => setQ(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault()
                search.mutate(q)
              }
            }}
          />
        </Field>
        <button type="button" className="admin-button admin-button--secondary" onClick={() => search.mutate(q)}>
          <Trans>Find</Trans>
        </button>
      </div>
      {search.isPending ? (
        <p role="status">
          <Trans>Searching…</Trans>
        </p>
      ) : null}
      {search.isError ? <ErrorNotice error={search.error} /> : null}
      {found ? (
        found.length === 0 ? (
          <p role="status">
            <Trans>No products match.</Trans>
          </p>
        ) : (
          <ul className="admin-content__found">
            {found.map(({ id: itemId, name, colour }) => (
              <li key={itemId}>
                <button
                  type="button"
                  className="admin-button admin-button--secondary admin-button--small"
                  disabled={chosen.includes(itemId)}
                  onClick={() => onChange([...chosen, itemId])}
                >
                  <Trans>
                    Add {name}, {colour}
                  </Trans>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  )
}

function BlockEditor({
  lang,
  bodyKey,
  blocks,
  onChange,
  problems,
}: {
  lang: Lang
  bodyKey: BodyKey
  blocks: ContentBlock[]
  onChange: (blocks: ContentBlock[]) => void
  problems: Problems
}) {
  const { t } = useLingui()
  const labels = useBlockLabels()
  const names = useLanguageNames()
  const message = useProblemText()
  const id = useId()
  const [kind, setKind] = useState<BlockKind>('p')
  const language = names[lang]
  const set = (index: number, block: ContentBlock) => onChange(blocks.map((b, i) => (i === index ? block : b)))
  const move = (index: number, by: -1 | 1) => {
    const next = [...blocks]
    const [taken] = next.splice(index, 1)
    if (!taken) return
    next.splice(index + by, 0, taken)
    onChange(next)
  }
  const problem = (key: string) => {
    const code = problems[key]
    return code ? message(key, code) : undefined
  }
  return (
    <fieldset className="admin-content__body" lang={lang}>
      <legend>
        <Trans>Body in {language}</Trans>
      </legend>
      {blocks.length === 0 ? (
        <p className="admin-field__hint">
          <Trans>No blocks yet: add the first below.</Trans>
        </p>
      ) : null}
      <ol className="admin-content__blocks">
        {blocks.map((block, index) => {
          const key = `${bodyKey}.${index}`
          const blockId = `${id}-${index}`
          const position = index + 1
          const label = labels[block.kind]
          return (
            <li key={index} className="admin-content__block">
              <fieldset>
                <legend>
                  <Trans>
                    Block {position}: {label}
                  </Trans>
                </legend>
                {block.kind === 'h2' || block.kind === 'p' || block.kind === 'quote' ? (
                  <Field id={`${blockId}-text`} label={t`Text`} error={problem(`${key}.text`)}>
                    {block.kind === 'h2' ? (
                      <input
                        id={`${blockId}-text`}
                        value={block.text}
                        onChange={(event) => set(index, { ...block, text: event.currentTarget.value })}
                        {...described(`${blockId}-text`, problem(`${key}.text`))}
                      />
                    ) : (
                      <textarea
                        id={`${blockId}-text`}
                        rows={block.kind === 'p' ? 4 : 2}
                        value={block.text}
                        onChange={(event) => set(index, { ...block, text: event.currentTarget.value })}
                        {...described(`${blockId}-text`, problem(`${key}.text`))}
                      />
                    )}
                  </Field>
                ) : null}
                {block.kind === 'ul' ? (
                  <Field
                    id={`${blockId}-items`}
                    label={t`Items, one a line`}
                    error={problem(`${key}.items`) ?? problem(`${key}.items.0`)}
                  >
                    <textarea
                      id={`${blockId}-items`}
                      rows={4}
                      value={block.items.join('\n')}
                      onChange={(event) => set(index, { ...block, items: event.currentTarget.value.split('\n') })}
                      {...described(`${blockId}-items`, problem(`${key}.items`) ?? problem(`${key}.items.0`))}
                    />
                  </Field>
                ) : null}
                {block.kind === 'image' ? (
                  <PictureFields
                    idPrefix={blockId}
                    picture={block.image}
                    onChange={(image) => set(index, { ...block, image })}
                    problems={problems}
                    field={`${key}.image`}
                  />
                ) : null}
                {block.kind === 'products' ? (
                  <ProductChooser
                    idPrefix={blockId}
                    chosen={block.product_ids}
                    onChange={(ids) => set(index, { ...block, product_ids: ids })}
                    error={problem(`${key}.product_ids`)}
                  />
                ) : null}
                <div className="admin-actions admin-content__block-actions">
                  <button
                    type="button"
                    className="admin-button admin-button--quiet admin-button--small"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <Trans>Move block {position} up</Trans>
                  </button>
                  <button
                    type="button"
                    className="admin-button admin-button--quiet admin-button--small"
                    disabled={index === blocks.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <Trans>Move block {position} down</Trans>
                  </button>
                  <button
                    type="button"
                    className="admin-button admin-button--danger admin-button--small"
                    onClick={() => onChange(blocks.filter((_, i) => i !== index))}
                  >
                    <Trans>Remove block {position}</Trans>
                  </button>
                </div>
              </fieldset>
            </li>
          )
        })}
      </ol>
      <div className="admin-content__add">
        <Field id={`${id}-kind`} label={t`New block`}>
          <select id={`${id}-kind`} value={kind} onChange={(event) => setKind(event.currentTarget.value as BlockKind)}>
            {BLOCK_KINDS.map((option) => (
              <option key={option} value={option}>
                {labels[option]}
              </option>
            ))}
          </select>
        </Field>
        <button
          type="button"
          className="admin-button admin-button--secondary"
          onClick={() => onChange([...blocks, emptyBlock(kind)])}
        >
          <Trans>Add block in {language}</Trans>
        </button>
      </div>
    </fieldset>
  )
}

/** Text fields of a document in both languages, side by side. */
type TextField = { key: string; label: string; long?: boolean }

function DocumentEditor<D extends AnyDocument>({
  document,
  onChange,
  textFields,
  problems,
  hero,
}: {
  document: D
  onChange: (document: D) => void
  textFields: TextField[]
  problems: Problems
  hero?: { picture: ContentPicture; onChange: (picture: ContentPicture) => void }
}) {
  const id = useId()
  const names = useLanguageNames()
  const message = useProblemText()
  const { t } = useLingui()
  const values = document as unknown as Record<string, string>
  const problem = (key: string) => (problems[key] ? message(key, problems[key]) : undefined)
  return (
    <div className="admin-content__editor">
      <div className="admin-content__columns">
        {(['th', 'en'] as const).map((lang) => (
          <div key={lang} className="admin-content__column" lang={lang}>
            <h2>{names[lang]}</h2>
            {textFields.map((field) => {
              const key = `${field.key}_${lang}`
              const fieldId = `${id}-${key}`
              const label = `${field.label} (${names[lang]})`
              return (
                <Field key={key} id={fieldId} label={label} error={problem(key)}>
                  {field.long ? (
                    <textarea
                      id={fieldId}
                      rows={3}
                      value={values[key] ?? ''}
                      onChange={(event) => onChange({ ...document, [key]: event.currentTarget.value })}
                      {...described(fieldId, problem(key))}
                    />
                  ) : (
                    <input
                      id={fieldId}
                      value={values[key] ?? ''}
                      onChange={(event) => onChange({ ...document, [key]: event.currentTarget.value })}
                      {...described(fieldId, problem(key))}
                    />
                  )}
                </Field>
              )
            })}
          </div>
        ))}
      </div>
      {hero ? (
        <fieldset className="admin-content__hero">
          <legend>{t`Hero picture`}</legend>
          <PictureFields
            idPrefix={`${id}-hero`}
            picture={hero.picture}
            onChange={hero.onChange}
            problems={problems}
            field="hero_image"
          />
        </fieldset>
      ) : null}
      <div className="admin-content__columns">
        {(['th', 'en'] as const).map((lang) => {
          const bodyKey: BodyKey = lang === 'th' ? 'body_th' : 'body_en'
          return (
            <div key={lang} className="admin-content__column">
              <BlockEditor
                lang={lang}
                bodyKey={bodyKey}
                blocks={document[bodyKey]}
                onChange={(blocks) => onChange({ ...document, [bodyKey]: blocks })}
                problems={problems}
              />
            </div>
          )
        })}
      </div>
    </div>
  )
}

function ProblemSummary({ problems, error }: { problems: Problems; error: unknown }) {
  const count = Object.keys(problems).length
  if (count > 0) {
    return (
      <p role="alert" className="admin-notice admin-notice--error">
        <Trans>Nothing was saved: correct the fields marked below ({count}).</Trans>
      </p>
    )
  }
  return error ? <ErrorNotice error={error} /> : null
}

function VersionHeading({ version }: { version: number }) {
  return <Trans>Preview of version {version}</Trans>
}

// ── an info page ─────────────────────────────────────────────────────────────────────────────────

export function InfoPageScreen() {
  const { t } = useLingui()
  const { slug } = useParams({ from: '/content/pages/$slug' })
  const locale = useLocale()
  const page = useQuery(infoPageQuery(slug))
  const published = page.data?.published
  useAdminTitle(published ? (locale === 'th' ? published.title_th : published.title_en) : t`Info page`)
  if (page.isPending) {
    return (
      <p role="status">
        <Trans>Loading the page…</Trans>
      </p>
    )
  }
  if (page.isError) return <ErrorNotice error={page.error} />
  return <InfoPageForm key={slug} slug={slug} initial={page.data} />
}

function InfoPageForm({
  slug,
  initial,
}: {
  slug: string
  initial: {
    shop_url: string
    published: InfoPageDocument
    draft: InfoPageDocument | null
    versions: ContentVersion[]
  }
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const queryClient = useQueryClient()
  const [document, setDocument] = useState<InfoPageDocument>(initial.draft ?? initial.published)
  const [note, setNote] = useState('')
  const [problems, setProblems] = useState<Problems>({})
  const [saved, setSaved] = useState<ContentState | 'restored' | null>(null)
  const [previewed, setPreviewed] = useState<{ version: number; document: InfoPageDocument } | null>(null)
  const noteId = useId()
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.content })
  const save = useMutation({
    mutationFn: (state: ContentState) => saveInfoPage(slug, { document, state, note: note.trim() || null }),
    onMutate: () => {
      setProblems({})
      setSaved(null)
    },
    onSuccess: async (_page, state) => {
      setSaved(state)
      setNote('')
      await refresh()
    },
    onError: (error) => setProblems(problemsOf(error)),
  })
  const restore = useMutation({
    mutationFn: (version: number) => restoreInfoPage(slug, version),
    onSuccess: async () => {
      setSaved('restored')
      await refresh()
    },
  })
  const preview = useMutation({
    mutationFn: (version: number) => getInfoPageVersion(slug, version),
    onSuccess: (found) => setPreviewed({ version: found.version, document: found.document }),
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    save.mutate('published')
  }
  return (
    <div className="admin-content">
      <p>
        <Link to="/content">
          <Trans>All pages</Trans>
        </Link>
      </p>
      <h1>{locale === 'th' ? initial.published.title_th : initial.published.title_en}</h1>
      <p>
        <a href={initial.shop_url}>
          <Trans>See it on the shop</Trans>
        </a>
        {initial.draft ? (
          <span className="admin-badge admin-content__draft">
            <Trans>Editing an unpublished draft: the shop still shows the published page.</Trans>
          </span>
        ) : null}
      </p>
      <div aria-live="polite">
        {saved === 'draft' ? (
          <p className="admin-notice">
            <Trans>Draft saved. The shop still shows the published page.</Trans>
          </p>
        ) : saved === 'published' ? (
          <p className="admin-notice">
            <Trans>Published. The shop shows it now.</Trans>
          </p>
        ) : saved === 'restored' ? (
          <p className="admin-notice">
            <Trans>Restored and published as the newest version.</Trans>
          </p>
        ) : null}
      </div>
      <form className="admin-form" onSubmit={submit} noValidate>
        <ProblemSummary problems={problems} error={save.error} />
        <DocumentEditor
          document={document}
          onChange={setDocument}
          problems={problems}
          textFields={[
            { key: 'title', label: t`Title` },
            { key: 'description', label: t`Summary for search engines`, long: true },
          ]}
        />
        <Field id={noteId} label={t`Note for the history (optional)`}>
          <input id={noteId} value={note} onChange={(event) => setNote(event.currentTarget.value)} maxLength={300} />
        </Field>
        <div className="admin-actions">
          <button
            type="button"
            className="admin-button admin-button--secondary"
            disabled={save.isPending}
            onClick={() => save.mutate('draft')}
          >
            <Trans>Save draft</Trans>
          </button>
          <button type="submit" className="admin-button" disabled={save.isPending}>
            <Trans>Publish</Trans>
          </button>
        </div>
      </form>
      <Preview
        heading={<Trans>Preview of your changes</Trans>}
        document={document}
        title={(lang) => (lang === 'th' ? document.title_th : document.title_en)}
        lead={(lang) => (lang === 'th' ? document.description_th : document.description_en)}
      />
      <section className="admin-content__versions" aria-labelledby="content-versions">
        <h2 id="content-versions">
          <Trans>Versions</Trans>
        </h2>
        <p className="admin-field__hint">
          <Trans>Restoring a version publishes it again as the newest version; no version is changed or lost.</Trans>
        </p>
        {restore.isError ? <ErrorNotice error={restore.error} /> : null}
        {preview.isError ? <ErrorNotice error={preview.error} /> : null}
        <VersionsTable
          versions={initial.versions}
          busy={restore.isPending}
          onPreview={(version) => preview.mutate(version)}
          onRestore={(version) => restore.mutate(version)}
        />
        {previewed ? (
          <Preview
            heading={<VersionHeading version={previewed.version} />}
            document={previewed.document}
            title={(lang) => (lang === 'th' ? previewed.document.title_th : previewed.document.title_en)}
            lead={(lang) => (lang === 'th' ? previewed.document.description_th : previewed.document.description_en)}
          />
        ) : null}
      </section>
    </div>
  )
}

// ── editorials ───────────────────────────────────────────────────────────────────────────────────

const EMPTY_EDITORIAL: EditorialDocument = {
  title_th: '',
  title_en: '',
  excerpt_th: '',
  excerpt_en: '',
  hero_image: { path: '', width: 1, height: 1, alt_th: '', alt_en: '' },
  body_th: [],
  body_en: [],
}

function useEditorialFields(): TextField[] {
  const { t } = useLingui()
  return [
    { key: 'title', label: t`Title` },
    { key: 'excerpt', label: t`Excerpt`, long: true },
  ]
}

export function NewEditorialScreen() {
  const { t } = useLingui()
  useAdminTitle(t`New editorial`)
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const message = useProblemText()
  const fields = useEditorialFields()
  const slugId = useId()
  const [slug, setSlug] = useState('')
  const [document, setDocument] = useState<EditorialDocument>(EMPTY_EDITORIAL)
  const [problems, setProblems] = useState<Problems>({})
  const create = useMutation({
    mutationFn: () => createEditorial({ slug: slug.trim(), document, note: null }),
    onMutate: () => setProblems({}),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.content })
      await navigate({ to: '/content/editorials/$slug', params: { slug: created.slug } })
    },
    onError: (error) => setProblems(problemsOf(error)),
  })
  const slugError = problems.slug ? message('slug', problems.slug) : undefined
  return (
    <div className="admin-content">
      <p>
        <Link to="/content">
          <Trans>All pages</Trans>
        </Link>
      </p>
      <h1>
        <Trans>New editorial</Trans>
      </h1>
      <form
        className="admin-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          create.mutate()
        }}
      >
        <ProblemSummary problems={problems} error={create.error} />
        <Field
          id={slugId}
          label={t`Address (slug)`}
          error={slugError}
          hint={<Trans>Lower-case words joined by hyphens, e.g. rainy-season-edit. It cannot change later.</Trans>}
        >
          <input
            id={slugId}
            value={slug}
            onChange={(event) => setSlug(event.currentTarget.value)}
            autoComplete="off"
            {...described(slugId, slugError, true)}
          />
        </Field>
        <DocumentEditor
          document={document}
          onChange={setDocument}
          problems={problems}
          textFields={fields}
          hero={{
            picture: document.hero_image,
            onChange: (picture) => setDocument({ ...document, hero_image: picture }),
          }}
        />
        <div className="admin-actions">
          <button type="submit" className="admin-button" disabled={create.isPending}>
            <Trans>Create as a draft</Trans>
          </button>
        </div>
      </form>
      <Preview
        heading={<Trans>Preview</Trans>}
        document={document}
        hero={document.hero_image}
        title={(lang) => (lang === 'th' ? document.title_th : document.title_en)}
        lead={(lang) => (lang === 'th' ? document.excerpt_th : document.excerpt_en)}
      />
    </div>
  )
}

export function EditorialScreen() {
  const { t } = useLingui()
  const { slug } = useParams({ from: '/content/editorials/$slug' })
  const locale = useLocale()
  const editorial = useQuery(editorialQuery(slug))
  const live = editorial.data?.live
  useAdminTitle(live ? (locale === 'th' ? live.title_th : live.title_en) : t`Editorial`)
  if (editorial.isPending) {
    return (
      <p role="status">
        <Trans>Loading the editorial…</Trans>
      </p>
    )
  }
  if (editorial.isError) return <ErrorNotice error={editorial.error} />
  return <EditorialForm key={slug} initial={editorial.data} />
}

function EditorialForm({
  initial,
}: {
  initial: {
    slug: string
    status: ContentState
    shop_url: string
    live: EditorialDocument
    draft: EditorialDocument | null
    versions: ContentVersion[]
  }
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const fields = useEditorialFields()
  const { slug } = initial
  const [document, setDocument] = useState<EditorialDocument>(initial.draft ?? initial.live)
  const [note, setNote] = useState('')
  const [problems, setProblems] = useState<Problems>({})
  const [done, setDone] = useState<ContentState | 'restored' | 'unpublished' | null>(null)
  const [previewed, setPreviewed] = useState<{ version: number; document: EditorialDocument } | null>(null)
  const noteId = useId()
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.content })
  const save = useMutation({
    mutationFn: (state: ContentState) => saveEditorial(slug, { document, state, note: note.trim() || null }),
    onMutate: () => {
      setProblems({})
      setDone(null)
    },
    onSuccess: async (_saved, state) => {
      setDone(state)
      await refresh()
    },
    onError: (error) => setProblems(problemsOf(error)),
  })
  const restore = useMutation({
    mutationFn: (version: number) => restoreEditorial(slug, version),
    onSuccess: async () => {
      setDone('restored')
      await refresh()
    },
  })
  const unpublish = useMutation({
    mutationFn: () => unpublishEditorial(slug),
    onSuccess: async () => {
      setDone('unpublished')
      await refresh()
    },
  })
  const remove = useMutation({
    mutationFn: () => deleteEditorial(slug),
    onSuccess: async () => {
      await refresh()
      await navigate({ to: '/content' })
    },
  })
  const preview = useMutation({
    mutationFn: (version: number) => getEditorialVersion(slug, version),
    onSuccess: (found) => setPreviewed({ version: found.version, document: found.document }),
  })
  return (
    <div className="admin-content">
      <p>
        <Link to="/content">
          <Trans>All pages</Trans>
        </Link>
      </p>
      <h1>{locale === 'th' ? initial.live.title_th : initial.live.title_en}</h1>
      <p>
        <StateBadge state={initial.status} /> <span className="admin-content__slug">/editorials/{slug}</span>{' '}
        {initial.status === 'published' ? (
          <a href={initial.shop_url}>
            <Trans>See it on the shop</Trans>
          </a>
        ) : (
          <Trans>Shoppers cannot see a draft.</Trans>
        )}
      </p>
      {initial.draft ? (
        <p className="admin-notice">
          <Trans>Editing an unpublished draft: the shop still shows the published editorial.</Trans>
        </p>
      ) : null}
      <div aria-live="polite">
        {done === 'draft' ? (
          <p className="admin-notice">
            <Trans>Draft saved.</Trans>
          </p>
        ) : done === 'published' ? (
          <p className="admin-notice">
            <Trans>Published. The shop shows it now.</Trans>
          </p>
        ) : done === 'restored' ? (
          <p className="admin-notice">
            <Trans>Restored and published as the newest version.</Trans>
          </p>
        ) : done === 'unpublished' ? (
          <p className="admin-notice">
            <Trans>Unpublished: shoppers no longer see it.</Trans>
          </p>
        ) : null}
      </div>
      <form
        className="admin-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          save.mutate('published')
        }}
      >
        <ProblemSummary problems={problems} error={save.error} />
        <DocumentEditor
          document={document}
          onChange={setDocument}
          problems={problems}
          textFields={fields}
          hero={{
            picture: document.hero_image,
            onChange: (picture) => setDocument({ ...document, hero_image: picture }),
          }}
        />
        <Field id={noteId} label={t`Note for the history (optional)`}>
          <input id={noteId} value={note} onChange={(event) => setNote(event.currentTarget.value)} maxLength={300} />
        </Field>
        <div className="admin-actions">
          <button
            type="button"
            className="admin-button admin-button--secondary"
            disabled={save.isPending}
            onClick={() => save.mutate('draft')}
          >
            <Trans>Save draft</Trans>
          </button>
          <button type="submit" className="admin-button" disabled={save.isPending}>
            <Trans>Publish</Trans>
          </button>
          {initial.status === 'published' ? (
            <button
              type="button"
              className="admin-button admin-button--secondary"
              disabled={unpublish.isPending}
              onClick={() => unpublish.mutate()}
            >
              <Trans>Unpublish</Trans>
            </button>
          ) : (
            <button
              type="button"
              className="admin-button admin-button--danger"
              disabled={remove.isPending}
              onClick={() => remove.mutate()}
            >
              <Trans>Delete this draft</Trans>
            </button>
          )}
        </div>
        {unpublish.isError ? <ErrorNotice error={unpublish.error} /> : null}
        {remove.isError ? <ErrorNotice error={remove.error} /> : null}
      </form>
      <Preview
        heading={<Trans>Preview of your changes</Trans>}
        document={document}
        hero={document.hero_image}
        title={(lang) => (lang === 'th' ? document.title_th : document.title_en)}
        lead={(lang) => (lang === 'th' ? document.excerpt_th : document.excerpt_en)}
      />
      <section className="admin-content__versions" aria-labelledby="editorial-versions">
        <h2 id="editorial-versions">
          <Trans>Versions</Trans>
        </h2>
        <p className="admin-field__hint">
          <Trans>Restoring a version publishes it again as the newest version; no version is changed or lost.</Trans>
        </p>
        {restore.isError ? <ErrorNotice error={restore.error} /> : null}
        {preview.isError ? <ErrorNotice error={preview.error} /> : null}
        <VersionsTable
          versions={initial.versions}
          busy={restore.isPending}
          onPreview={(version) => preview.mutate(version)}
          onRestore={(version) => restore.mutate(version)}
        />
        {previewed ? (
          <Preview
            heading={<VersionHeading version={previewed.version} />}
            document={previewed.document}
            hero={previewed.document.hero_image}
            title={(lang) => (lang === 'th' ? previewed.document.title_th : previewed.document.title_en)}
            lead={(lang) => (lang === 'th' ? previewed.document.excerpt_th : previewed.document.excerpt_en)}
          />
        ) : null}
      </section>
    </div>
  )
}
