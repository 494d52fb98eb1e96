import { Trans, useLingui } from '@lingui/react/macro'
import {
  functionalUpdate,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
  type SortingState,
} from '@tanstack/react-table'
import { useMemo, type ReactNode } from 'react'

/** The one feature the lists use: sorting, done by the server (`manualSorting`); paging is the URL's too. */
export const listFeatures = tableFeatures({ rowSortingFeature })
export type ListFeatures = typeof listFeatures

/** A column of a list. Keep the array at module scope: a new one on every render rebuilds the table. */
export type ListColumn<Row extends RowData> = ColumnDef<ListFeatures, Row>

/** The order a list is shown in: a column id and its direction. */
export type ListSort = { id: string; dir: 'asc' | 'desc' }

export type TableProps<Row extends RowData> = {
  /** What the table lists (its caption, read by screen readers; shown above the table). */
  caption: ReactNode
  columns: ReadonlyArray<ListColumn<Row>>
  /** The page of rows the server sent, already sorted and paged. */
  rows: ReadonlyArray<Row>
  /** A row's stable id (an order number …). */
  rowId: (row: Row) => string
  sort: ListSort
  /** A header pressed: the new order (the screen puts it in the URL, which asks the server). */
  onSortChange: (sort: ListSort) => void
  /** The page shown, from 1, and how many there are (null while unknown). */
  page: number
  pageCount: number | null
  onPageChange: (page: number) => void
  /** Shown in place of the rows when there are none: loading, empty, or an error. */
  status?: ReactNode
}

/**
 * A dense table for the back office (DESIGN.md §8) on TanStack Table, with server-side paging and sorting: it shows
 * the rows it is given in the order it is given and reports a sort or page change to its screen, which keeps both in
 * the URL. Sortable headers are buttons (keyboard-first) with `aria-sort`; the pager is a labelled navigation.
 */
export function Table<Row extends RowData>({
  caption,
  columns,
  rows,
  rowId,
  sort,
  onSortChange,
  page,
  pageCount,
  onPageChange,
  status,
}: TableProps<Row>) {
  const { t } = useLingui()
  const sorting = useMemo<SortingState>(() => [{ id: sort.id, desc: sort.dir === 'desc' }], [sort.id, sort.dir])
  const table = useTable<ListFeatures, Row>({
    features: listFeatures,
    columns: columns as Array<ListColumn<Row>>,
    data: rows as Row[],
    getRowId: rowId,
    manualSorting: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = functionalUpdate(updater, sorting)[0]
      if (next) onSortChange({ id: next.id, dir: next.desc ? 'desc' : 'asc' })
    },
  })
  const visibleRows = table.getRowModel().rows
  const columnCount = table.getAllLeafColumns().length
  return (
    <div className="admin-table">
      <div className="admin-table__scroll">
        <table>
          <caption>{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted()
                  const label = header.isPlaceholder ? null : <table.FlexRender header={header} />
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          className="admin-table__sort"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {label}
                          <span aria-hidden="true" className="admin-table__arrow">
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  )
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {visibleRows.length === 0 ? (
              <tr>
                <td colSpan={columnCount} className="admin-table__status">
                  {status ?? <Trans>Nothing to show.</Trans>}
                </td>
              </tr>
            ) : (
              visibleRows.map((row) => (
                <tr key={row.id}>
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id}>
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <nav className="admin-pager" aria-label={t`Pages`}>
        <button type="button" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <Trans>Previous page</Trans>
        </button>
        <span aria-live="polite">
          {pageCount === null ? (
            <Trans>Page {page}</Trans>
          ) : (
            <Trans>
              Page {page} of {pageCount}
            </Trans>
          )}
        </span>
        <button type="button" disabled={pageCount === null || page >= pageCount} onClick={() => onPageChange(page + 1)}>
          <Trans>Next page</Trans>
        </button>
      </nav>
    </div>
  )
}
