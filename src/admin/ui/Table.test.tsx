// @vitest-environment jsdom
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Table, type ListColumn, type ListSort, type TableProps } from './Table'

afterEach(cleanup)

type Line = { sku: string; name: string; stock: number }
const COLUMNS: ReadonlyArray<ListColumn<Line>> = [
  { id: 'sku', accessorKey: 'sku', header: 'SKU' },
  { id: 'name', accessorKey: 'name', header: 'Name', enableSorting: false },
  { id: 'stock', accessorKey: 'stock', header: 'Stock' },
]
const ROWS: Line[] = [
  { sku: 'D-1', name: 'Linen dress', stock: 4 },
  { sku: 'B-2', name: 'Woven bag', stock: 0 },
]

function renderTable(props: Partial<TableProps<Line>> = {}) {
  const i18n = setupI18n()
  i18n.loadAndActivate({ locale: 'en', messages: {} })
  const onSortChange = vi.fn<(sort: ListSort) => void>()
  const onPageChange = vi.fn<(page: number) => void>()
  render(
    <I18nProvider i18n={i18n}>
      <Table
        caption="Stock"
        columns={COLUMNS}
        rows={ROWS}
        rowId={(row) => row.sku}
        sort={{ id: 'sku', dir: 'asc' }}
        onSortChange={onSortChange}
        page={2}
        pageCount={3}
        onPageChange={onPageChange}
        {...props}
      />
    </I18nProvider>,
  )
  return { onSortChange, onPageChange, user: userEvent.setup() }
}

describe('Table (server-side sorting and paging)', () => {
  it('shows the rows in the order given, and the sorted column with aria-sort', () => {
    renderTable()
    const table = screen.getByRole('table', { name: 'Stock' })
    const rows = within(table).getAllByRole('row')
    expect(rows.map((row) => row.textContent)).toEqual(['SKU▲NameStock↕', 'D-1Linen dress4', 'B-2Woven bag0'])
    expect(screen.getByRole('columnheader', { name: /SKU/ }).getAttribute('aria-sort')).toBe('ascending')
    expect(screen.getByRole('columnheader', { name: /Stock/ }).getAttribute('aria-sort')).toBeNull()
  })

  it('asks its screen for a new order instead of sorting the page itself', async () => {
    const { onSortChange, user } = renderTable()
    await user.click(screen.getByRole('button', { name: /SKU/ }))
    expect(onSortChange).toHaveBeenLastCalledWith({ id: 'sku', dir: 'desc' })
    await user.click(screen.getByRole('button', { name: /Stock/ }))
    expect(onSortChange).toHaveBeenCalledTimes(2)
    expect(onSortChange.mock.lastCall?.[0].id).toBe('stock')
    // A column that cannot be sorted has no button.
    expect(screen.queryByRole('button', { name: 'Name' })).toBeNull()
    const rows = within(screen.getByRole('table')).getAllByRole('row')
    expect(rows[1]?.textContent).toBe('D-1Linen dress4')
  })

  it('pages through its screen, within the page count', async () => {
    const { onPageChange, user } = renderTable()
    const pager = screen.getByRole('navigation', { name: 'Pages' })
    expect(pager.textContent).toContain('Page 2 of 3')
    await user.click(within(pager).getByRole('button', { name: 'Next page' }))
    await user.click(within(pager).getByRole('button', { name: 'Previous page' }))
    expect(onPageChange.mock.calls).toEqual([[3], [1]])
  })

  it('says its status when there are no rows, and cannot page past an unknown count', () => {
    renderTable({ rows: [], status: 'Loading…', page: 1, pageCount: null })
    expect(screen.getByRole('cell', { name: 'Loading…' }).getAttribute('colspan')).toBe('3')
    expect(screen.getByRole('button', { name: 'Previous page' }).hasAttribute('disabled')).toBe(true)
    expect(screen.getByRole('button', { name: 'Next page' }).hasAttribute('disabled')).toBe(true)
  })
})
