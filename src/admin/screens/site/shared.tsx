import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react'
import { AdminApiError, type SiteDocumentView } from '../../api'
import { siteDocumentQuery } from '../../queries'
import { VersionsTable } from '../../ui/VersionsTable'

/*
 * What the site's screens share (decision 198): notices, field words, move buttons, focus after a move, and a
 * document (the home page, the menu) being edited, saved and restored.
 */

export function Loading() {
  return (
    <p role="status" className="admin-notice">
      <Trans>Loading…</Trans>
    </p>
  )
}

export function messageOf(error: unknown, fallback: string): string {
  return error instanceof AdminApiError && error.message ? error.message : fallback
}

/** What a refused field means, in the staff's words (the API's machine codes: required, invalid, unknown, taken …). */
export function useFieldWords() {
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
export function useFocusAfter() {
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

export function ShownVersion({ version }: { version: number }) {
  return <Trans>The shop shows version {version}.</Trans>
}

/** Labels with a name in them, in the staff's language. */
export function useLabels() {
  const { t } = useLingui()
  return {
    takeOut: (name: string) => t`Take out: ${name}`,
    addLabel: (name: string) => t`Add: ${name}`,
    addedLabel: (name: string) => t`Added: ${name}`,
    newestPieces: (count: number) => t`${count} newest pieces`,
  }
}

/** A rendition of a picture from the shop's image endpoint. */
export function imageUrl(path: string, width: number): string {
  return `/images/${path}?fm=webp&q=70&w=${width}&fit=inside`
}

export function MoveButtons({
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
export type Keyed<T> = { key: string; value: T }
let keys = 0
export const keyed = <T,>(value: T): Keyed<T> => ({ key: `k${(keys += 1)}`, value })

/** The document's items being edited, each with a key of its own (focus follows it); null: the saved ones again. */
export function useDocumentEditor<T>(draft: unknown, toList: (body: unknown) => T[]) {
  const [items, setItems] = useState<Keyed<T>[] | null>(null)
  const saved = useMemo(() => (draft === undefined ? [] : toList(draft).map(keyed)), [draft, toList])
  return { items: items ?? saved, setItems }
}

export function useSaving(documentName: 'home' | 'menu') {
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

export function Notices({
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

/** The home page's or the menu's versions: the shared table, marking the one the shop shows. */
export function Versions({
  document,
  onRestore,
  busy,
}: {
  document: SiteDocumentView
  onRestore: (version: number) => void
  busy: boolean
}) {
  const ids = useId()
  return (
    <section aria-labelledby={`${ids}-versions`}>
      <h2 id={`${ids}-versions`}>
        <Trans>Versions</Trans>
      </h2>
      <VersionsTable
        versions={document.versions}
        current={document.published_version}
        busy={busy}
        onRestore={onRestore}
        empty={<Trans>Nothing saved yet: the shop shows the default.</Trans>}
      />
    </section>
  )
}

/** A document's save bar: a draft (the shop unchanged) or published at once; `children` adds the screen's own. */
export function SaveButtons({
  busy,
  onSave,
  children,
}: {
  busy: boolean
  onSave: (publish: boolean) => void
  children?: ReactNode
}) {
  return (
    <div className="admin-site__actions">
      <button
        type="button"
        className="admin-button admin-button--secondary"
        disabled={busy}
        onClick={() => onSave(false)}
      >
        <Trans>Save draft</Trans>
      </button>
      <button type="button" className="admin-button" disabled={busy} onClick={() => onSave(true)}>
        <Trans>Publish</Trans>
      </button>
      {children}
    </div>
  )
}
