import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { useRouteContext } from '@tanstack/react-router'
import { formatWhen } from './order-labels'
import { TableCaption, TableScroll } from './TableScroll'

/** What every kept document's versions list shows of a version (decision 197: pages, the home page, the menu, collections). */
export type VersionRow = {
  version: number
  state: 'draft' | 'published'
  restored_from: number | null
  note: string | null
  actor_label: string
  created_at: string
}

export function StateBadge({ state }: { state: VersionRow['state'] }) {
  return (
    <span className={`admin-badge admin-content__status--${state}`}>
      {state === 'published' ? <Trans>Published</Trans> : <Trans>Draft</Trans>}
    </span>
  )
}

/**
 * A document's versions, newest first: who saved each, when, its note and what it restored; each can be previewed
 * (when the screen can draw one) and restored. Restoring adds the old body again as the newest version, published, so
 * the history only grows. `current` marks the version the shop shows.
 */
export function VersionsTable({
  versions,
  onRestore,
  onPreview,
  busy,
  current = null,
  empty,
}: {
  versions: readonly VersionRow[]
  onRestore: (version: number) => void
  onPreview?: (version: number) => void
  busy: boolean
  current?: number | null
  empty?: ReactNode
}) {
  const { place } = useRouteContext({ from: '__root__' })
  return (
    <div className="admin-table">
      <TableScroll>
        <table>
          <TableCaption>
            <Trans>Versions, newest first</Trans>
          </TableCaption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Version</Trans>
              </th>
              <th scope="col">
                <Trans>State</Trans>
              </th>
              <th scope="col">
                <Trans>Saved by</Trans>
              </th>
              <th scope="col">
                <Trans>When</Trans>
              </th>
              <th scope="col">
                <Trans>Note</Trans>
              </th>
              <th scope="col">
                <Trans>Actions</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {versions.length === 0 ? (
              <tr>
                <td colSpan={6} className="admin-table__status">
                  {empty ?? <Trans>No versions yet: the first save makes version 1.</Trans>}
                </td>
              </tr>
            ) : (
              versions.map((version) => {
                const number = version.version
                const from = version.restored_from
                return (
                  <tr key={number}>
                    <th scope="row">{number}</th>
                    <td>
                      <StateBadge state={version.state} />
                      {number === current ? (
                        <>
                          {' '}
                          <strong>
                            <Trans>on the shop</Trans>
                          </strong>
                        </>
                      ) : null}
                    </td>
                    <td>{version.actor_label}</td>
                    <td>{formatWhen(version.created_at, place.locale)}</td>
                    <td>
                      {version.note ?? ''}
                      {from !== null ? (
                        <span className="admin-content__restored">
                          {' '}
                          <Trans>Restored from version {from}</Trans>
                        </span>
                      ) : null}
                    </td>
                    <td>
                      <div className="admin-actions">
                        {onPreview ? (
                          <button
                            type="button"
                            className="admin-button admin-button--secondary admin-button--small"
                            onClick={() => onPreview(number)}
                          >
                            <Trans>Preview version {number}</Trans>
                          </button>
                        ) : null}
                        <button
                          type="button"
                          className="admin-button admin-button--small"
                          disabled={busy}
                          onClick={() => onRestore(number)}
                        >
                          <Trans>Restore version {number}</Trans>
                        </button>
                      </div>
                    </td>
                  </tr>
                )
              })
            )}
          </tbody>
        </table>
      </TableScroll>
    </div>
  )
}
