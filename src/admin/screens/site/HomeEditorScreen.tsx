import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, useRef, useState } from 'react'
import {
  previewHome,
  restoreSiteVersion,
  saveSiteDocument,
  type HomeBlock,
  type HomeDocument,
  type HomePreview,
  type SiteChoices,
} from '../../api'
import { siteChoicesQuery, siteDocumentQuery } from '../../queries'
import { useAdminTitle } from '../../ui/title'
import { ErrorNotice } from '../ErrorScreen'
import {
  Loading,
  messageOf,
  useFocusAfter,
  ShownVersion,
  useLabels,
  MoveButtons,
  keyed,
  useDocumentEditor,
  useSaving,
  Notices,
  SaveButtons,
  Versions,
} from './shared'
import { emptyHeroCustom, HeroCustomFields } from './HeroCustomFields'

const blocksOf = (body: unknown) => (body as HomeDocument).blocks
/** The refusals whose field path starts with `prefix`, keyed by the rest of it. */
function problemsBelow(fields: Readonly<Record<string, string>>, prefix: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([field]) => field.startsWith(prefix))
      .map(([field, code]) => [field.slice(prefix.length), code]),
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
                  problems={problemsBelow(fields, `body.blocks.${index}.custom.`)}
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
      <SaveButtons busy={busy} onSave={(publish) => void save(publish)}>
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
      </SaveButtons>
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
  problems,
  onChange,
}: {
  block: HomeBlock
  id: string
  choices: SiteChoices
  /** The API's refusals of this block's custom hero, by their path below `custom` (title_th, picture.alt_en …). */
  problems: Readonly<Record<string, string>>
  onChange: (block: HomeBlock) => void
}) {
  const { t, i18n } = useLingui()
  const th = i18n.locale === 'th'
  const focusAfter = useFocusAfter()
  const { takeOut } = useLabels()
  switch (block.kind) {
    case 'hero': {
      const custom = block.custom
      return (
        <div>
          <fieldset className="admin-site__choice">
            <legend>
              <Trans>The hero shows</Trans>
            </legend>
            <label>
              <input
                type="radio"
                name={`${id}-source`}
                checked={custom === null}
                onChange={() => onChange({ ...block, custom: null })}
              />{' '}
              <Trans>An editorial</Trans>
            </label>
            <label>
              <input
                type="radio"
                name={`${id}-source`}
                checked={custom !== null}
                onChange={() => onChange({ ...block, custom: emptyHeroCustom() })}
              />{' '}
              <Trans>Its own picture, words and link</Trans>
            </label>
          </fieldset>
          {custom === null ? (
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
            </div>
          ) : (
            <HeroCustomFields
              value={custom}
              id={`${id}-custom`}
              problems={problems}
              onChange={(value) => onChange({ ...block, custom: value })}
            />
          )}
        </div>
      )
    }
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
