import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useParams, useRouteContext } from '@tanstack/react-router'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import {
  AdminApiError,
  createCollection,
  deleteCollection,
  editCollection,
  findCollectionModels,
  moveCollection,
  previewHome,
  restoreSiteVersion,
  saveSiteDocument,
  setCollectionPieces,
  uploadCollectionPicture,
  type AdminCollection,
  type CollectionPiece,
  type HomeBlock,
  type HomeDocument,
  type HomePreview,
  type MenuDocument,
  type SiteChoices,
  type SiteDocumentView,
} from '../api'
import { adminCollectionQuery, adminKeys, collectionTreeQuery, siteChoicesQuery, siteDocumentQuery } from '../queries'
import { can } from '../session'
import { useAdminTitle } from '../ui/title'
import { ErrorNotice } from './ErrorScreen'

/**
 * Collections, the home page's blocks and the menu (issue 32 item 6, decision 198): collections as a tree with their
 * words in Thai and English side by side, a picture, their pieces in order; the home page's blocks and the menu's
 * featured links edited as documents (saved as drafts or published, previewed, their versions restored). Every move
 * is a button, and focus stays on the moved item.
 */

function Loading() {
  return (
    <p role="status" className="admin-notice">
      <Trans>Loading…</Trans>
    </p>
  )
}

function messageOf(error: unknown, fallback: string): string {
  return error instanceof AdminApiError && error.message ? error.message : fallback
}

/** What a refused field means, in the staff's words (the API's machine codes: required, invalid, unknown, taken …). */
function useFieldWords() {
  const { t } = useLingui()
  return (code: string | undefined) =>
    code === undefined
      ? null
      : code === 'required'
        ? t`Required`
        : code === 'taken'
          ? t`Another collection has this slug`
          : code === 'unknown'
            ? t`Does not exist`
            : code === 'cycle'
              ? t`A collection cannot be inside itself or one of its own sub-collections`
              : code === 'too_deep' || code === 'has_children'
                ? t`Sub-collections are one level deep`
                : t`Not valid`
}

/** Focus moved to an element (by id) once React has drawn it: the moved item's button after a move. */
function useFocusAfter() {
  const target = useRef<string | null>(null)
  useEffect(() => {
    if (target.current === null) return
    document.getElementById(target.current)?.focus()
    target.current = null
  })
  return (id: string) => {
    target.current = id
  }
}

function RestoredFrom({ version }: { version: number }) {
  return <Trans>restored from version {version}</Trans>
}

function ShownVersion({ version }: { version: number }) {
  return <Trans>The shop shows version {version}.</Trans>
}

/** Labels with a name in them, in the staff's language. */
function useLabels() {
  const { t } = useLingui()
  return {
    takeOut: (name: string) => t`Take out: ${name}`,
    addLabel: (name: string) => t`Add: ${name}`,
    addedLabel: (name: string) => t`Added: ${name}`,
    newestPieces: (count: number) => t`${count} newest pieces`,
  }
}

/** A rendition of a picture from the shop's image endpoint. */
function imageUrl(path: string, width: number): string {
  return `/images/${path}?fm=webp&q=70&w=${width}&fit=inside`
}

function MoveButtons({
  id,
  label,
  first,
  last,
  onMove,
}: {
  id: string
  label: string
  first: boolean
  last: boolean
  onMove: (direction: 'up' | 'down') => void
}) {
  const { t } = useLingui()
  return (
    <span className="admin-site__moves">
      <button
        type="button"
        id={`${id}-up`}
        className="admin-button admin-button--secondary admin-button--small"
        aria-disabled={first}
        aria-label={t`Move up: ${label}`}
        onClick={() => {
          if (!first) onMove('up')
        }}
      >
        <Trans>Move up</Trans>
      </button>
      <button
        type="button"
        id={`${id}-down`}
        className="admin-button admin-button--secondary admin-button--small"
        aria-disabled={last}
        aria-label={t`Move down: ${label}`}
        onClick={() => {
          if (!last) onMove('down')
        }}
      >
        <Trans>Move down</Trans>
      </button>
    </span>
  )
}

/** The site's sections this role may open. */
export function SiteScreen() {
  const { t } = useLingui()
  useAdminTitle(t`Site`)
  const me = useRouteContext({ from: '/site', select: (context) => context.me })
  return (
    <div className="admin-site">
      <h1>
        <Trans>Site</Trans>
      </h1>
      <ul className="admin-site__sections">
        {can(me, 'catalog:write') ? (
          <li>
            <Link to="/site/collections">
              <Trans>Collections</Trans>
            </Link>{' '}
            <Trans>Collections and sub-collections: their words, picture and pieces.</Trans>
          </li>
        ) : null}
        {can(me, 'content:write') ? (
          <li>
            <Link to="/site/home">
              <Trans>Home page</Trans>
            </Link>{' '}
            <Trans>The home page’s blocks, their order, drafts and versions.</Trans>
          </li>
        ) : null}
        {can(me, 'content:write') ? (
          <li>
            <Link to="/site/menu">
              <Trans>Menu</Trans>
            </Link>{' '}
            <Trans>Featured links at the top of the shop’s menu.</Trans>
          </li>
        ) : null}
      </ul>
    </div>
  )
}

// ── collections ─────────────────────────────────────────────────────────────────────────────────────

export function CollectionsScreen() {
  const { t, i18n } = useLingui()
  useAdminTitle(t`Collections`)
  const tree = useQuery(collectionTreeQuery)
  const queryClient = useQueryClient()
  const focusAfter = useFocusAfter()
  const [said, setSaid] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const th = i18n.locale === 'th'

  const move = async (slug: string, name: string, direction: 'up' | 'down') => {
    setError(null)
    try {
      const moved = await moveCollection(slug, direction)
      queryClient.setQueryData(collectionTreeQuery.queryKey, moved)
      setSaid(direction === 'up' ? t`${name} moved up.` : t`${name} moved down.`)
      focusAfter(`collection-${slug}-${direction}`)
    } catch (failure) {
      setError(messageOf(failure, t`The collection could not be moved. Try again.`))
    }
  }

  return (
    <div className="admin-site">
      <p>
        <Link to="/site">
          <Trans>Site</Trans>
        </Link>
      </p>
      <h1>
        <Trans>Collections</Trans>
      </h1>
      <div role="status" className="admin-site__said">
        {said ? <p className="admin-notice">{said}</p> : null}
      </div>
      {error ? (
        <p role="alert" className="admin-notice admin-notice--error">
          {error}
        </p>
      ) : null}
      {tree.isPending ? (
        <Loading />
      ) : tree.isError ? (
        <ErrorNotice error={tree.error} />
      ) : tree.data.items.length === 0 ? (
        <p className="admin-notice">
          <Trans>There are no collections yet. Make the first one below.</Trans>
        </p>
      ) : (
        <ol className="admin-site__tree" aria-label={t`Collections, in the shop’s order`}>
          {tree.data.items.map((node, index, all) => {
            const name = th ? node.name_th : node.name_en
            return (
              <li key={node.slug}>
                <span className="admin-site__row">
                  <Link to="/site/collections/$slug" params={{ slug: node.slug }}>
                    {name}
                  </Link>{' '}
                  <span className="admin-stock__id">{node.slug}</span>
                  <MoveButtons
                    id={`collection-${node.slug}`}
                    label={name}
                    first={index === 0}
                    last={index === all.length - 1}
                    onMove={(direction) => void move(node.slug, name, direction)}
                  />
                </span>
                {node.children.length > 0 ? (
                  <ol aria-label={t`Sub-collections of ${name}`}>
                    {node.children.map((child, at, siblings) => {
                      const childName = th ? child.name_th : child.name_en
                      return (
                        <li key={child.slug}>
                          <span className="admin-site__row">
                            <Link to="/site/collections/$slug" params={{ slug: child.slug }}>
                              {childName}
                            </Link>{' '}
                            <span className="admin-stock__id">{child.slug}</span>
                            <MoveButtons
                              id={`collection-${child.slug}`}
                              label={childName}
                              first={at === 0}
                              last={at === siblings.length - 1}
                              onMove={(direction) => void move(child.slug, childName, direction)}
                            />
                          </span>
                        </li>
                      )
                    })}
                  </ol>
                ) : null}
              </li>
            )
          })}
        </ol>
      )}
      <NewCollection
        parents={tree.data?.items.map((node) => ({ slug: node.slug, name: th ? node.name_th : node.name_en })) ?? []}
      />
    </div>
  )
}

function NewCollection({ parents }: { parents: Array<{ slug: string; name: string }> }) {
  const { t } = useLingui()
  const ids = useId()
  const words = useFieldWords()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [slug, setSlug] = useState('')
  const [parent, setParent] = useState('')
  const [nameTh, setNameTh] = useState('')
  const [nameEn, setNameEn] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [fields, setFields] = useState<Readonly<Record<string, string>>>({})
  const field = (name: string) => words(fields[name])

  const submit = async () => {
    setBusy(true)
    setError(null)
    setFields({})
    try {
      const created = await createCollection({
        slug: slug.trim(),
        parent: parent || null,
        name_th: nameTh,
        name_en: nameEn,
      })
      await queryClient.invalidateQueries({ queryKey: adminKeys.site })
      void navigate({ to: '/site/collections/$slug', params: { slug: created.slug } })
    } catch (failure) {
      if (failure instanceof AdminApiError) setFields(failure.fields)
      setError(messageOf(failure, t`The collection could not be made. Try again.`))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby={`${ids}-new`} className="admin-site__new">
      <h2 id={`${ids}-new`}>
        <Trans>New collection</Trans>
      </h2>
      <form
        className="admin-form"
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
      >
        {error ? (
          <p role="alert" className="admin-notice admin-notice--error">
            {error}
          </p>
        ) : null}
        <div className="admin-field">
          <label htmlFor={`${ids}-slug`}>
            <Trans>Slug (its address)</Trans>
          </label>
          <input
            id={`${ids}-slug`}
            value={slug}
            required
            maxLength={60}
            pattern="[a-z0-9]+(-[a-z0-9]+)*"
            aria-describedby={`${ids}-slug-help${field('slug') ? ` ${ids}-slug-error` : ''}`}
            aria-invalid={field('slug') ? true : undefined}
            onChange={(event) => setSlug(event.target.value)}
          />
          <p id={`${ids}-slug-help`} className="admin-field__hint">
            <Trans>Lower-case words and hyphens, such as rainy-season: the page is /collection/rainy-season.</Trans>
          </p>
          {field('slug') ? (
            <p id={`${ids}-slug-error`} className="admin-field__error">
              {field('slug')}
            </p>
          ) : null}
        </div>
        <div className="admin-field">
          <label htmlFor={`${ids}-parent`}>
            <Trans>Inside</Trans>
          </label>
          <select id={`${ids}-parent`} value={parent} onChange={(event) => setParent(event.target.value)}>
            <option value="">{t`Nothing: a top-level collection`}</option>
            {parents.map((each) => (
              <option key={each.slug} value={each.slug}>
                {each.name}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-site__pair">
          <div className="admin-field">
            <label htmlFor={`${ids}-th`}>
              <Trans>Name (Thai)</Trans>
            </label>
            <input
              id={`${ids}-th`}
              lang="th"
              required
              maxLength={80}
              value={nameTh}
              onChange={(event) => setNameTh(event.target.value)}
            />
          </div>
          <div className="admin-field">
            <label htmlFor={`${ids}-en`}>
              <Trans>Name (English)</Trans>
            </label>
            <input
              id={`${ids}-en`}
              lang="en"
              required
              maxLength={80}
              value={nameEn}
              onChange={(event) => setNameEn(event.target.value)}
            />
          </div>
        </div>
        <button type="submit" className="admin-button" disabled={busy}>
          <Trans>Make the collection</Trans>
        </button>
      </form>
    </section>
  )
}

export function CollectionScreen() {
  const { t } = useLingui()
  const { slug } = useParams({ from: '/site/collections/$slug' })
  const collection = useQuery(adminCollectionQuery(slug))
  const tree = useQuery(collectionTreeQuery)
  useAdminTitle(collection.data ? collection.data.name_en : t`Collection`)
  if (collection.isPending) return <Loading />
  if (collection.isError) return <ErrorNotice error={collection.error} />
  return (
    <div className="admin-site">
      <p>
        <Link to="/site/collections">
          <Trans>All collections</Trans>
        </Link>
      </p>
      <CollectionEditor
        key={collection.data.slug}
        collection={collection.data}
        parents={(tree.data?.items ?? []).filter((node) => node.slug !== slug)}
      />
    </div>
  )
}

function CollectionEditor({
  collection,
  parents,
}: {
  collection: AdminCollection
  parents: Array<{ slug: string; name_th: string; name_en: string }>
}) {
  const { t, i18n } = useLingui()
  const ids = useId()
  const words = useFieldWords()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [form, setForm] = useState({
    name_th: collection.name_th,
    name_en: collection.name_en,
    description_th: collection.description_th,
    description_en: collection.description_en,
    alt_th: collection.image.alt_th,
    alt_en: collection.image.alt_en,
    parent: collection.parent ?? '',
  })
  const [busy, setBusy] = useState(false)
  const [said, setSaid] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [fields, setFields] = useState<Readonly<Record<string, string>>>({})
  const [confirming, setConfirming] = useState(false)
  const th = i18n.locale === 'th'
  const name = th ? collection.name_th : collection.name_en

  const changed = (next: AdminCollection, message: string) => {
    queryClient.setQueryData(adminCollectionQuery(collection.slug).queryKey, next)
    void queryClient.invalidateQueries({ queryKey: collectionTreeQuery.queryKey })
    setSaid(message)
  }
  const run = async (work: () => Promise<void>, fallback: string) => {
    setBusy(true)
    setError(null)
    setFields({})
    try {
      await work()
    } catch (failure) {
      if (failure instanceof AdminApiError) setFields(failure.fields)
      setError(messageOf(failure, fallback))
    } finally {
      setBusy(false)
    }
  }
  const save = () =>
    run(
      async () => {
        const next = await editCollection(collection.slug, { ...form, parent: form.parent || null })
        changed(next, t`Saved. The shop shows it now.`)
      },
      t`The collection could not be saved. Try again.`,
    )
  const remove = () =>
    run(
      async () => {
        await deleteCollection(collection.slug)
        await queryClient.invalidateQueries({ queryKey: adminKeys.site })
        void navigate({ to: '/site/collections' })
      },
      t`The collection could not be deleted. Try again.`,
    )
  const text = (key: keyof typeof form, label: string, lang: 'th' | 'en', long = false) => (
    <div className="admin-field">
      <label htmlFor={`${ids}-${key}`}>{label}</label>
      {long ? (
        <textarea
          id={`${ids}-${key}`}
          lang={lang}
          rows={3}
          maxLength={1000}
          value={form[key]}
          onChange={(event) => setForm({ ...form, [key]: event.target.value })}
        />
      ) : (
        <input
          id={`${ids}-${key}`}
          lang={lang}
          maxLength={300}
          value={form[key]}
          aria-invalid={fields[key] ? true : undefined}
          aria-describedby={fields[key] ? `${ids}-${key}-error` : undefined}
          onChange={(event) => setForm({ ...form, [key]: event.target.value })}
        />
      )}
      {fields[key] ? (
        <p id={`${ids}-${key}-error`} className="admin-field__error">
          {words(fields[key])}
        </p>
      ) : null}
    </div>
  )

  return (
    <>
      <h1>
        {name} <span className="admin-stock__id">{collection.slug}</span>
      </h1>
      <div role="status" className="admin-site__said">
        {said ? <p className="admin-notice">{said}</p> : null}
      </div>
      {error ? (
        <p role="alert" className="admin-notice admin-notice--error">
          {error}
        </p>
      ) : null}
      <form
        className="admin-form"
        onSubmit={(event) => {
          event.preventDefault()
          void save()
        }}
      >
        <div className="admin-site__pair">
          {text('name_th', t`Name (Thai)`, 'th')}
          {text('name_en', t`Name (English)`, 'en')}
        </div>
        <div className="admin-site__pair">
          {text('description_th', t`Description (Thai)`, 'th', true)}
          {text('description_en', t`Description (English)`, 'en', true)}
        </div>
        <div className="admin-field">
          <label htmlFor={`${ids}-parent`}>
            <Trans>Inside</Trans>
          </label>
          <select
            id={`${ids}-parent`}
            value={form.parent}
            aria-invalid={fields.parent ? true : undefined}
            aria-describedby={fields.parent ? `${ids}-parent-error` : undefined}
            onChange={(event) => setForm({ ...form, parent: event.target.value })}
          >
            <option value="">{t`Nothing: a top-level collection`}</option>
            {parents.map((each) => (
              <option key={each.slug} value={each.slug}>
                {th ? each.name_th : each.name_en}
              </option>
            ))}
          </select>
          {fields.parent ? (
            <p id={`${ids}-parent-error`} className="admin-field__error">
              {words(fields.parent)}
            </p>
          ) : null}
        </div>
        <div className="admin-site__pair">
          {text('alt_th', t`Picture’s alt text (Thai)`, 'th')}
          {text('alt_en', t`Picture’s alt text (English)`, 'en')}
        </div>
        <button type="submit" className="admin-button" disabled={busy}>
          <Trans>Save</Trans>
        </button>
      </form>

      <section aria-labelledby={`${ids}-picture`}>
        <h2 id={`${ids}-picture`}>
          <Trans>Picture</Trans>
        </h2>
        <img
          src={imageUrl(collection.image.path, 480)}
          alt={th ? collection.image.alt_th : collection.image.alt_en}
          width={240}
        />
        <div className="admin-field">
          <label htmlFor={`${ids}-file`}>
            <Trans>Replace the picture</Trans>
          </label>
          <input
            id={`${ids}-file`}
            type="file"
            accept="image/*"
            aria-describedby={`${ids}-file-help`}
            onChange={(event) => {
              const file = event.target.files?.[0]
              event.target.value = ''
              if (file) {
                void run(
                  async () => {
                    changed(await uploadCollectionPicture(collection.slug, file), t`Picture replaced.`)
                  },
                  t`The picture could not be uploaded. Try again.`,
                )
              }
            }}
          />
          <p id={`${ids}-file-help`} className="admin-field__hint">
            <Trans>JPEG, PNG, WebP or AVIF, up to 15 MB.</Trans>
          </p>
        </div>
      </section>

      <Pieces collection={collection} onChanged={changed} />

      <section aria-labelledby={`${ids}-delete`}>
        <h2 id={`${ids}-delete`}>
          <Trans>Delete</Trans>
        </h2>
        {confirming ? (
          <div role="alertdialog" aria-labelledby={`${ids}-confirm`} className="admin-notice admin-notice--warning">
            <p id={`${ids}-confirm`}>
              {collection.children.length > 0 ? (
                <Trans>
                  Delete {name}? Its sub-collections are kept and become top-level collections; its pieces stay in the
                  shop.
                </Trans>
              ) : (
                <Trans>Delete {name}? Its pieces stay in the shop.</Trans>
              )}
            </p>
            <button
              type="button"
              className="admin-button admin-button--danger"
              disabled={busy}
              onClick={() => void remove()}
            >
              <Trans>Delete it</Trans>
            </button>{' '}
            <button
              type="button"
              className="admin-button admin-button--secondary"
              autoFocus
              onClick={() => setConfirming(false)}
            >
              <Trans>Keep it</Trans>
            </button>
          </div>
        ) : (
          <button type="button" className="admin-button admin-button--danger" onClick={() => setConfirming(true)}>
            <Trans>Delete the collection</Trans>
          </button>
        )}
      </section>
    </>
  )
}

function Pieces({
  collection,
  onChanged,
}: {
  collection: AdminCollection
  onChanged: (next: AdminCollection, message: string) => void
}) {
  const { t } = useLingui()
  const ids = useId()
  const focusAfter = useFocusAfter()
  const { takeOut, addLabel, addedLabel } = useLabels()
  const [pieces, setPieces] = useState<CollectionPiece[]>(collection.pieces)
  const [q, setQ] = useState('')
  const [found, setFound] = useState<CollectionPiece[] | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const dirty =
    pieces.map((piece) => piece.family_id).join() !== collection.pieces.map((piece) => piece.family_id).join()

  const search = async () => {
    setError(null)
    try {
      setFound((await findCollectionModels(q.trim())).items)
    } catch (failure) {
      setError(messageOf(failure, t`The search failed. Try again.`))
    }
  }
  const save = async () => {
    setBusy(true)
    setError(null)
    try {
      const next = await setCollectionPieces(
        collection.slug,
        pieces.map((piece) => piece.family_id),
      )
      setPieces(next.pieces)
      onChanged(next, t`Pieces saved. The shop shows them now.`)
    } catch (failure) {
      setError(messageOf(failure, t`The pieces could not be saved. Try again.`))
    } finally {
      setBusy(false)
    }
  }
  const move = (index: number, direction: 'up' | 'down') => {
    const to = direction === 'up' ? index - 1 : index + 1
    const next = [...pieces]
    const [piece] = next.splice(index, 1)
    if (!piece) return
    next.splice(to, 0, piece)
    setPieces(next)
    focusAfter(`piece-${piece.family_id}-${direction}`)
  }

  return (
    <section aria-labelledby={`${ids}-pieces`}>
      <h2 id={`${ids}-pieces`}>
        <Trans>Pieces</Trans>
      </h2>
      {error ? (
        <p role="alert" className="admin-notice admin-notice--error">
          {error}
        </p>
      ) : null}
      {pieces.length === 0 ? (
        <p className="admin-notice">
          <Trans>No pieces yet: find models below and add them.</Trans>
        </p>
      ) : (
        <ol className="admin-site__list" aria-label={t`Pieces, in the shop’s order`}>
          {pieces.map((piece, index) => (
            <li key={piece.family_id} className="admin-site__row">
              <span>
                {piece.name} <span className="admin-stock__id">{piece.family_id}</span>
              </span>
              <MoveButtons
                id={`piece-${piece.family_id}`}
                label={piece.name}
                first={index === 0}
                last={index === pieces.length - 1}
                onMove={(direction) => move(index, direction)}
              />
              <button
                type="button"
                className="admin-button admin-button--quiet admin-button--small"
                aria-label={takeOut(piece.name)}
                onClick={() => setPieces(pieces.filter((each) => each.family_id !== piece.family_id))}
              >
                <Trans>Take out</Trans>
              </button>
            </li>
          ))}
        </ol>
      )}
      <button type="button" className="admin-button" disabled={busy || !dirty} onClick={() => void save()}>
        <Trans>Save the pieces</Trans>
      </button>
      <form
        role="search"
        className="admin-form admin-form--inline"
        onSubmit={(event) => {
          event.preventDefault()
          void search()
        }}
      >
        <div className="admin-field">
          <label htmlFor={`${ids}-q`}>
            <Trans>Find a model (name, SKU or barcode)</Trans>
          </label>
          <input id={`${ids}-q`} type="search" value={q} onChange={(event) => setQ(event.target.value)} />
        </div>
        <button type="submit" className="admin-button admin-button--secondary">
          <Trans>Search</Trans>
        </button>
      </form>
      {found === null ? null : found.length === 0 ? (
        <p className="admin-notice">
          <Trans>No model matches.</Trans>
        </p>
      ) : (
        <ul className="admin-site__list" aria-label={t`Models found`}>
          {found.map((model) => {
            const added = pieces.some((piece) => piece.family_id === model.family_id)
            return (
              <li key={model.family_id} className="admin-site__row">
                <span>
                  {model.name} <span className="admin-stock__id">{model.family_id}</span>
                </span>
                <button
                  type="button"
                  className="admin-button admin-button--secondary admin-button--small"
                  disabled={added}
                  aria-label={added ? addedLabel(model.name) : addLabel(model.name)}
                  onClick={() => setPieces([...pieces, model])}
                >
                  {added ? <Trans>Added</Trans> : <Trans>Add</Trans>}
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

// ── the home page and the menu ──────────────────────────────────────────────────────────────────────

type Keyed<T> = { key: string; value: T }
let keys = 0
const keyed = <T,>(value: T): Keyed<T> => ({ key: `k${(keys += 1)}`, value })

const blocksOf = (body: unknown) => (body as HomeDocument).blocks
const linksOf = (body: unknown) => (body as MenuDocument).links

/** The document's items being edited, each with a key of its own (focus follows it); null: the saved ones again. */
function useDocumentEditor<T>(draft: unknown, toList: (body: unknown) => T[]) {
  const [items, setItems] = useState<Keyed<T>[] | null>(null)
  const saved = useMemo(() => (draft === undefined ? [] : toList(draft).map(keyed)), [draft, toList])
  return { items: items ?? saved, setItems }
}

function Versions({
  document,
  onRestore,
  busy,
}: {
  document: SiteDocumentView
  onRestore: (version: number) => void
  busy: boolean
}) {
  const { t, i18n } = useLingui()
  const ids = useId()
  return (
    <section aria-labelledby={`${ids}-versions`}>
      <h2 id={`${ids}-versions`}>
        <Trans>Versions</Trans>
      </h2>
      {document.versions.length === 0 ? (
        <p className="admin-notice">
          <Trans>Nothing saved yet: the shop shows the default.</Trans>
        </p>
      ) : (
        <ol className="admin-site__list" aria-label={t`Versions, newest first`}>
          {document.versions.map((version) => {
            const number = version.version
            const at = new Date(version.created_at).toLocaleString(i18n.locale === 'th' ? 'th-TH' : 'en-GB')
            return (
              <li key={number} className="admin-site__row">
                <span>
                  <Trans>Version {number}</Trans> ·{' '}
                  {version.state === 'published' ? <Trans>published</Trans> : <Trans>draft</Trans>}
                  {version.restored_from !== null ? (
                    <>
                      {' · '}
                      <RestoredFrom version={version.restored_from} />
                    </>
                  ) : null}{' '}
                  · {version.actor_label} · {at}
                  {number === document.published_version ? (
                    <>
                      {' · '}
                      <strong>
                        <Trans>on the shop</Trans>
                      </strong>
                    </>
                  ) : null}
                </span>
                <button
                  type="button"
                  className="admin-button admin-button--secondary admin-button--small"
                  disabled={busy}
                  aria-label={t`Restore version ${number}`}
                  onClick={() => onRestore(number)}
                >
                  <Trans>Restore</Trans>
                </button>
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}

function useSaving(documentName: 'home' | 'menu') {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const [said, setSaid] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [fields, setFields] = useState<Readonly<Record<string, string>>>({})
  const run = async (work: () => Promise<SiteDocumentView>, message: string) => {
    setBusy(true)
    setError(null)
    setFields({})
    try {
      const next = await work()
      queryClient.setQueryData(siteDocumentQuery(documentName).queryKey, next)
      setSaid(message)
      return next
    } catch (failure) {
      if (failure instanceof AdminApiError) setFields(failure.fields)
      setError(messageOf(failure, t`It could not be saved. Try again.`))
      return null
    } finally {
      setBusy(false)
    }
  }
  return { busy, said, error, fields, run }
}

function Notices({
  said,
  error,
  fields,
}: {
  said: string | null
  error: string | null
  fields: Readonly<Record<string, string>>
}) {
  const words = useFieldWords()
  const problems = Object.entries(fields)
  return (
    <>
      <div role="status" className="admin-site__said">
        {said ? <p className="admin-notice">{said}</p> : null}
      </div>
      {error ? (
        <div role="alert" className="admin-notice admin-notice--error">
          <p>{error}</p>
          {problems.length > 0 ? (
            <ul>
              {problems.map(([field, code]) => (
                <li key={field}>
                  {field.replace(/^body\./, '')}: {words(code)}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </>
  )
}

const blockKinds = ['hero', 'collections', 'editorials', 'new_arrivals'] as const

function newBlock(kind: HomeBlock['kind']): HomeBlock {
  switch (kind) {
    case 'hero':
      return { kind: 'hero', editorial: null, custom: null }
    case 'collections':
      return { kind: 'collections', slugs: [] }
    case 'editorials':
      return { kind: 'editorials', slugs: [], newest: 3 }
    case 'new_arrivals':
      return { kind: 'new_arrivals', count: 8 }
  }
}

function useKindLabel() {
  const { t } = useLingui()
  return (kind: HomeBlock['kind']) =>
    kind === 'hero'
      ? t`Hero`
      : kind === 'collections'
        ? t`Featured collections`
        : kind === 'editorials'
          ? t`Editorial teasers`
          : t`New arrivals`
}

export function HomeEditorScreen() {
  const { t, i18n } = useLingui()
  useAdminTitle(t`Home page`)
  const document = useQuery(siteDocumentQuery('home'))
  const choices = useQuery(siteChoicesQuery)
  const ids = useId()
  const kindLabel = useKindLabel()
  const focusAfter = useFocusAfter()
  const { newestPieces } = useLabels()
  const { items, setItems } = useDocumentEditor<HomeBlock>(document.data?.draft, blocksOf)
  const { busy, said, error, fields, run } = useSaving('home')
  const [adding, setAdding] = useState<HomeBlock['kind']>('collections')
  const [preview, setPreview] = useState<HomePreview | null>(null)
  const [previewError, setPreviewError] = useState<string | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)

  if (document.isPending || choices.isPending) return <Loading />
  if (document.isError) return <ErrorNotice error={document.error} />
  if (choices.isError) return <ErrorNotice error={choices.error} />
  const body: HomeDocument = { blocks: items.map((item) => item.value) }
  const update = (key: string, value: HomeBlock) =>
    setItems(items.map((item) => (item.key === key ? { key, value } : item)))
  const move = (index: number, direction: 'up' | 'down') => {
    const next = [...items]
    const [item] = next.splice(index, 1)
    if (!item) return
    next.splice(direction === 'up' ? index - 1 : index + 1, 0, item)
    setItems(next)
    focusAfter(`block-${item.key}-${direction}`)
  }
  const save = async (publish: boolean) => {
    const next = await run(
      () => saveSiteDocument('home', body, publish),
      publish ? t`Published. The shop’s home page shows it now.` : t`Draft saved. The shop is unchanged.`,
    )
    if (next) setItems(null)
  }

  return (
    <div className="admin-site">
      <p>
        <Link to="/site">
          <Trans>Site</Trans>
        </Link>
      </p>
      <h1 ref={headingRef} tabIndex={-1}>
        <Trans>Home page</Trans>
      </h1>
      <p>
        {document.data.published_version === null ? (
          <Trans>The shop shows the default home page (nothing published yet).</Trans>
        ) : (
          <ShownVersion version={document.data.published_version} />
        )}
      </p>
      <Notices said={said} error={error} fields={fields} />
      {items.length === 0 ? (
        <p className="admin-notice">
          <Trans>No blocks: the home page would be empty. Add one below.</Trans>
        </p>
      ) : (
        <ol className="admin-site__blocks" aria-label={t`Blocks, in the page’s order`}>
          {items.map((item, index) => {
            const label = `${kindLabel(item.value.kind)} ${index + 1}`
            return (
              <li key={item.key} className="admin-site__block" aria-labelledby={`block-${item.key}-title`}>
                <h2 id={`block-${item.key}-title`}>{label}</h2>
                <span className="admin-site__row">
                  <MoveButtons
                    id={`block-${item.key}`}
                    label={label}
                    first={index === 0}
                    last={index === items.length - 1}
                    onMove={(direction) => move(index, direction)}
                  />
                  <button
                    type="button"
                    className="admin-button admin-button--quiet admin-button--small"
                    aria-label={t`Remove: ${label}`}
                    onClick={() => {
                      setItems(items.filter((each) => each.key !== item.key))
                      headingRef.current?.focus()
                    }}
                  >
                    <Trans>Remove</Trans>
                  </button>
                </span>
                <BlockFields
                  block={item.value}
                  id={`block-${item.key}`}
                  choices={choices.data}
                  onChange={(value) => update(item.key, value)}
                />
              </li>
            )
          })}
        </ol>
      )}
      <div className="admin-form admin-form--inline">
        <div className="admin-field">
          <label htmlFor={`${ids}-kind`}>
            <Trans>Kind of block</Trans>
          </label>
          <select
            id={`${ids}-kind`}
            value={adding}
            onChange={(event) => setAdding(event.target.value as HomeBlock['kind'])}
          >
            {blockKinds.map((kind) => (
              <option key={kind} value={kind}>
                {kindLabel(kind)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="admin-button admin-button--secondary"
          onClick={() => {
            const item = keyed(newBlock(adding))
            setItems([...items, item])
            focusAfter(`block-${item.key}-up`)
          }}
        >
          <Trans>Add the block</Trans>
        </button>
      </div>
      <div className="admin-site__actions">
        <button
          type="button"
          className="admin-button admin-button--secondary"
          disabled={busy}
          onClick={() => void save(false)}
        >
          <Trans>Save draft</Trans>
        </button>
        <button type="button" className="admin-button" disabled={busy} onClick={() => void save(true)}>
          <Trans>Publish</Trans>
        </button>
        <button
          type="button"
          className="admin-button admin-button--secondary"
          onClick={() => {
            setPreviewError(null)
            previewHome(body, i18n.locale === 'en' ? 'en' : 'th').then(setPreview, (failure: unknown) =>
              setPreviewError(messageOf(failure, t`The preview failed. Try again.`)),
            )
          }}
        >
          <Trans>Preview</Trans>
        </button>
      </div>
      {previewError ? (
        <p role="alert" className="admin-notice admin-notice--error">
          {previewError}
        </p>
      ) : null}
      {preview ? (
        <section aria-labelledby={`${ids}-preview`} className="admin-site__preview">
          <h2 id={`${ids}-preview`}>
            <Trans>Preview</Trans>
          </h2>
          <ol>
            {preview.blocks.map((block, index) => (
              <li key={index}>
                <strong>{kindLabel(block.kind)}</strong>:{' '}
                {block.kind === 'hero'
                  ? block.title
                  : block.kind === 'new_arrivals'
                    ? newestPieces(block.count)
                    : block.items.map((each) => ('name' in each ? each.name : each.title)).join(', ')}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <Versions
        document={document.data}
        busy={busy}
        onRestore={(version) =>
          void run(() => restoreSiteVersion('home', version), t`Version ${version} restored and published.`).then(
            (next) => {
              if (next) setItems(null)
            },
          )
        }
      />
    </div>
  )
}

function BlockFields({
  block,
  id,
  choices,
  onChange,
}: {
  block: HomeBlock
  id: string
  choices: SiteChoices
  onChange: (block: HomeBlock) => void
}) {
  const { t, i18n } = useLingui()
  const th = i18n.locale === 'th'
  const focusAfter = useFocusAfter()
  const { takeOut } = useLabels()
  switch (block.kind) {
    case 'hero':
      return (
        <div className="admin-field">
          <label htmlFor={`${id}-editorial`}>
            <Trans>Editorial shown</Trans>
          </label>
          <select
            id={`${id}-editorial`}
            value={block.editorial ?? ''}
            onChange={(event) => onChange({ ...block, editorial: event.target.value || null })}
          >
            <option value="">{t`The newest editorial`}</option>
            {choices.editorials.map((each) => (
              <option key={each.slug} value={each.slug}>
                {th ? each.title_th : each.title_en}
              </option>
            ))}
          </select>
          {block.custom ? (
            <p className="admin-field__hint">
              <Trans>This hero has its own picture, title and link (set through the API).</Trans>
            </p>
          ) : null}
        </div>
      )
    case 'collections': {
      const nameOf = (slug: string) => {
        const found = choices.collections.find((each) => each.slug === slug)
        return found ? (th ? found.name_th : found.name_en) : slug
      }
      const left = choices.collections.filter((each) => !block.slugs.includes(each.slug))
      return (
        <div>
          {block.slugs.length === 0 ? (
            <p className="admin-field__hint">
              <Trans>None chosen: the shop shows the first six collections.</Trans>
            </p>
          ) : (
            <ol className="admin-site__list" aria-label={t`Chosen collections, in order`}>
              {block.slugs.map((slug, index) => (
                <li key={slug} className="admin-site__row">
                  <span>{nameOf(slug)}</span>
                  <MoveButtons
                    id={`${id}-${slug}`}
                    label={nameOf(slug)}
                    first={index === 0}
                    last={index === block.slugs.length - 1}
                    onMove={(direction) => {
                      const next = [...block.slugs]
                      next.splice(index, 1)
                      next.splice(direction === 'up' ? index - 1 : index + 1, 0, slug)
                      onChange({ ...block, slugs: next })
                      focusAfter(`${id}-${slug}-${direction}`)
                    }}
                  />
                  <button
                    type="button"
                    className="admin-button admin-button--quiet admin-button--small"
                    aria-label={takeOut(nameOf(slug))}
                    onClick={() => onChange({ ...block, slugs: block.slugs.filter((each) => each !== slug) })}
                  >
                    <Trans>Take out</Trans>
                  </button>
                </li>
              ))}
            </ol>
          )}
          <div className="admin-field">
            <label htmlFor={`${id}-add`}>
              <Trans>Add a collection</Trans>
            </label>
            <select
              id={`${id}-add`}
              value=""
              onChange={(event) => {
                if (event.target.value) onChange({ ...block, slugs: [...block.slugs, event.target.value] })
              }}
            >
              <option value="">{t`Choose…`}</option>
              {left.map((each) => (
                <option key={each.slug} value={each.slug}>
                  {each.parent ? `— ${th ? each.name_th : each.name_en}` : th ? each.name_th : each.name_en}
                </option>
              ))}
            </select>
          </div>
        </div>
      )
    }
    case 'editorials': {
      const titleOf = (slug: string) => {
        const found = choices.editorials.find((each) => each.slug === slug)
        return found ? (th ? found.title_th : found.title_en) : slug
      }
      return (
        <div>
          <div className="admin-field">
            <label htmlFor={`${id}-newest`}>
              <Trans>How many of the newest (when none is chosen)</Trans>
            </label>
            <input
              id={`${id}-newest`}
              type="number"
              min={1}
              max={6}
              value={block.newest}
              onChange={(event) => onChange({ ...block, newest: Number(event.target.value) })}
            />
          </div>
          {block.slugs.length > 0 ? (
            <ol className="admin-site__list" aria-label={t`Chosen editorials, in order`}>
              {block.slugs.map((slug) => (
                <li key={slug} className="admin-site__row">
                  <span>{titleOf(slug)}</span>
                  <button
                    type="button"
                    className="admin-button admin-button--quiet admin-button--small"
                    aria-label={takeOut(titleOf(slug))}
                    onClick={() => onChange({ ...block, slugs: block.slugs.filter((each) => each !== slug) })}
                  >
                    <Trans>Take out</Trans>
                  </button>
                </li>
              ))}
            </ol>
          ) : null}
          <div className="admin-field">
            <label htmlFor={`${id}-add`}>
              <Trans>Choose an editorial</Trans>
            </label>
            <select
              id={`${id}-add`}
              value=""
              onChange={(event) => {
                if (event.target.value) onChange({ ...block, slugs: [...block.slugs, event.target.value] })
              }}
            >
              <option value="">{t`Choose…`}</option>
              {choices.editorials
                .filter((each) => !block.slugs.includes(each.slug))
                .map((each) => (
                  <option key={each.slug} value={each.slug}>
                    {th ? each.title_th : each.title_en}
                  </option>
                ))}
            </select>
          </div>
        </div>
      )
    }
    case 'new_arrivals':
      return (
        <div className="admin-field">
          <label htmlFor={`${id}-count`}>
            <Trans>How many new pieces</Trans>
          </label>
          <input
            id={`${id}-count`}
            type="number"
            min={1}
            max={24}
            value={block.count}
            onChange={(event) => onChange({ ...block, count: Number(event.target.value) })}
          />
        </div>
      )
  }
}

type MenuLink = MenuDocument['links'][number]

export function MenuEditorScreen() {
  const { t } = useLingui()
  useAdminTitle(t`Menu`)
  const document = useQuery(siteDocumentQuery('menu'))
  const focusAfter = useFocusAfter()
  const { items, setItems } = useDocumentEditor<MenuLink>(document.data?.draft, linksOf)
  const { busy, said, error, fields, run } = useSaving('menu')
  const words = useFieldWords()

  if (document.isPending) return <Loading />
  if (document.isError) return <ErrorNotice error={document.error} />
  const body: MenuDocument = { links: items.map((item) => item.value) }
  const update = (key: string, value: MenuLink) =>
    setItems(items.map((item) => (item.key === key ? { key, value } : item)))
  const save = async (publish: boolean) => {
    const next = await run(
      () => saveSiteDocument('menu', body, publish),
      publish ? t`Published. The shop’s menu shows it now.` : t`Draft saved. The shop is unchanged.`,
    )
    if (next) setItems(null)
  }

  return (
    <div className="admin-site">
      <p>
        <Link to="/site">
          <Trans>Site</Trans>
        </Link>
      </p>
      <h1>
        <Trans>Menu</Trans>
      </h1>
      <p>
        <Trans>
          Featured links shown at the top of the shop’s menu, before its fixed entries (collections, men, women,
          products …). Each is a path of the shop, such as /collection/rainy-season.
        </Trans>
      </p>
      <Notices said={said} error={error} fields={fields} />
      {items.length === 0 ? (
        <p className="admin-notice">
          <Trans>No featured links: the shop shows its usual menu.</Trans>
        </p>
      ) : (
        <ol className="admin-site__blocks" aria-label={t`Featured links, in order`}>
          {items.map((item, index) => {
            const id = `link-${item.key}`
            const number = index + 1
            const label = item.value.label_en || t`Link ${number}`
            const problem = (name: string) => fields[`body.links.${index}.${name}`]
            const input = (name: 'path' | 'label_th' | 'label_en', text: string, lang?: string) => (
              <div className="admin-field">
                <label htmlFor={`${id}-${name}`}>{text}</label>
                <input
                  id={`${id}-${name}`}
                  lang={lang}
                  value={item.value[name]}
                  required
                  aria-invalid={problem(name) ? true : undefined}
                  aria-describedby={problem(name) ? `${id}-${name}-error` : undefined}
                  onChange={(event) => update(item.key, { ...item.value, [name]: event.target.value })}
                />
                {problem(name) ? (
                  <p id={`${id}-${name}-error`} className="admin-field__error">
                    {name === 'path' ? t`A path of the shop starting with /, no other site` : words(problem(name))}
                  </p>
                ) : null}
              </div>
            )
            return (
              <li key={item.key} className="admin-site__block">
                {input('path', t`Path`)}
                <div className="admin-site__pair">
                  {input('label_th', t`Label (Thai)`, 'th')}
                  {input('label_en', t`Label (English)`, 'en')}
                </div>
                <span className="admin-site__row">
                  <MoveButtons
                    id={id}
                    label={label}
                    first={index === 0}
                    last={index === items.length - 1}
                    onMove={(direction) => {
                      const next = [...items]
                      next.splice(index, 1)
                      next.splice(direction === 'up' ? index - 1 : index + 1, 0, item)
                      setItems(next)
                      focusAfter(`${id}-${direction}`)
                    }}
                  />
                  <button
                    type="button"
                    className="admin-button admin-button--quiet admin-button--small"
                    aria-label={t`Remove: ${label}`}
                    onClick={() => setItems(items.filter((each) => each.key !== item.key))}
                  >
                    <Trans>Remove</Trans>
                  </button>
                </span>
              </li>
            )
          })}
        </ol>
      )}
      <button
        type="button"
        className="admin-button admin-button--secondary"
        onClick={() => {
          const item = keyed<MenuLink>({ path: '/', label_th: '', label_en: '' })
          setItems([...items, item])
          focusAfter(`link-${item.key}-path`)
        }}
      >
        <Trans>Add a link</Trans>
      </button>
      <div className="admin-site__actions">
        <button
          type="button"
          className="admin-button admin-button--secondary"
          disabled={busy}
          onClick={() => void save(false)}
        >
          <Trans>Save draft</Trans>
        </button>
        <button type="button" className="admin-button" disabled={busy} onClick={() => void save(true)}>
          <Trans>Publish</Trans>
        </button>
      </div>
      <Versions
        document={document.data}
        busy={busy}
        onRestore={(version) =>
          void run(() => restoreSiteVersion('menu', version), t`Version ${version} restored and published.`).then(
            (next) => {
              if (next) setItems(null)
            },
          )
        }
      />
    </div>
  )
}
