import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useParams } from '@tanstack/react-router'
import { useId, useState } from 'react'
import {
  AdminApiError,
  createCollection,
  deleteCollection,
  editCollection,
  findCollectionModels,
  moveCollection,
  restoreCollectionVersion,
  setCollectionPieces,
  uploadCollectionPicture,
  type AdminCollection,
  type CollectionPiece,
} from '../../api'
import { adminCollectionQuery, adminKeys, collectionTreeQuery } from '../../queries'
import { useAdminTitle } from '../../ui/title'
import { VersionsTable } from '../../ui/VersionsTable'
import { ErrorNotice } from '../ErrorScreen'
import { Loading, messageOf, useFieldWords, useFocusAfter, useLabels, imageUrl, MoveButtons } from './shared'

/** A collection in the tree: its link, its slug and its move buttons among its siblings. */
function TreeRow({
  slug,
  name,
  first,
  last,
  onMove,
}: {
  slug: string
  name: string
  first: boolean
  last: boolean
  onMove: (direction: 'up' | 'down') => void
}) {
  return (
    <span className="admin-site__row">
      <Link to="/site/collections/$slug" params={{ slug }}>
        {name}
      </Link>{' '}
      <span className="admin-stock__id">{slug}</span>
      <MoveButtons id={`collection-${slug}`} label={name} first={first} last={last} onMove={onMove} />
    </span>
  )
}

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
                <TreeRow
                  slug={node.slug}
                  name={name}
                  first={index === 0}
                  last={index === all.length - 1}
                  onMove={(direction) => void move(node.slug, name, direction)}
                />
                {node.children.length > 0 ? (
                  <ol aria-label={t`Sub-collections of ${name}`}>
                    {node.children.map((child, at, siblings) => {
                      const childName = th ? child.name_th : child.name_en
                      return (
                        <li key={child.slug}>
                          <TreeRow
                            slug={child.slug}
                            name={childName}
                            first={at === 0}
                            last={at === siblings.length - 1}
                            onMove={(direction) => void move(child.slug, childName, direction)}
                          />
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
  const restore = (version: number) =>
    run(
      async () => {
        const next = await restoreCollectionVersion(collection.slug, version)
        changed(next, t`Version ${version} restored. The shop shows it now.`)
        setForm({
          name_th: next.name_th,
          name_en: next.name_en,
          description_th: next.description_th,
          description_en: next.description_en,
          alt_th: next.image.alt_th,
          alt_en: next.image.alt_en,
          parent: next.parent ?? '',
        })
      },
      t`The version could not be restored. Try again.`,
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

      <section aria-labelledby={`${ids}-versions`}>
        <h2 id={`${ids}-versions`}>
          <Trans>Versions</Trans>
        </h2>
        <p className="admin-field__hint">
          <Trans>
            Restoring brings back a version’s names, descriptions, alt text and pieces as the newest version. The
            picture and the collection’s place in the tree stay as they are now.
          </Trans>
        </p>
        <VersionsTable versions={collection.versions} busy={busy} onRestore={(version) => void restore(version)} />
      </section>

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
