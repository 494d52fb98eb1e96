// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { ordersSearchSchema } from './search'
import { deleteView, readViews, saveView, VIEWS_MAX } from './views'

const search = (input: Record<string, unknown>) => ordersSearchSchema.parse(input)

afterEach(() => localStorage.clear())

describe('saved views of the orders list (named URLs in this browser)', () => {
  it('keeps a view by its name, newest first, and gives it back as the list reads a URL', () => {
    saveView('To pack', search({ status: 'paid', dir: 'asc' }))
    saveView('  Transfers  ', search({ status: 'awaiting_payment', method: 'bank_transfer' }))
    expect(readViews().map((view) => view.name)).toEqual(['Transfers', 'To pack'])
    expect(readViews()[1]?.search).toEqual(search({ status: 'paid', dir: 'asc' }))
  })

  it('replaces a view saved again under its name, and deletes one', () => {
    saveView('Mine', search({ q: 'somsri' }))
    saveView('Mine', search({ q: 'malee' }))
    expect(readViews()).toEqual([{ name: 'Mine', search: search({ q: 'malee' }) }])
    expect(deleteView('Mine')).toEqual([])
    expect(readViews()).toEqual([])
  })

  it('reads a view edited by hand as the URL schema would, and ignores what is not a list of views', () => {
    localStorage.setItem(
      'atelier-admin.order-views',
      JSON.stringify([{ name: 'Odd', search: { status: 'lost', page: -3, size: 30, currency: 'usd' } }]),
    )
    expect(readViews()).toEqual([{ name: 'Odd', search: search({ currency: 'usd' }) }])
    localStorage.setItem('atelier-admin.order-views', '{"not":"a list"}')
    expect(readViews()).toEqual([])
    localStorage.setItem('atelier-admin.order-views', 'not json')
    expect(readViews()).toEqual([])
  })

  it(`keeps at most ${VIEWS_MAX} views`, () => {
    for (let index = 0; index < VIEWS_MAX + 5; index++) saveView(`View ${index}`, search({}))
    const views = readViews()
    expect(views).toHaveLength(VIEWS_MAX)
    expect(views[0]?.name).toBe(`View ${VIEWS_MAX + 4}`)
  })
})
