import { describe, expect, it } from 'vitest'
import { pageWindow } from './components/PageLink'
import { pageInstead } from './listing-loader'

describe('pageWindow: the numbered pages a listing offers', () => {
  it('lists every page when there are few', () => {
    expect(pageWindow(1, 1)).toEqual([1])
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4])
  })

  it('keeps the first, the last and the neighbours of the current page, with gaps between', () => {
    expect(pageWindow(1, 13)).toEqual([1, 2, null, 13])
    expect(pageWindow(7, 13)).toEqual([1, null, 6, 7, 8, null, 13])
    expect(pageWindow(13, 13)).toEqual([1, null, 12, 13])
  })

  it('shows a single left-out page instead of an ellipsis', () => {
    expect(pageWindow(4, 13)).toEqual([1, 2, 3, 4, 5, null, 13])
    expect(pageWindow(10, 13)).toEqual([1, null, 9, 10, 11, 12, 13])
  })

  it('has nothing for an empty listing', () => {
    expect(pageWindow(1, 0)).toEqual([])
  })
})

describe('pageInstead: a page past the last one goes to the last one', () => {
  it('sends page 99 of 2 to page 2, and of 1 to the listing without a page', () => {
    expect(pageInstead(99, 2)).toBe(2)
    expect(pageInstead(99, 1)).toBeUndefined()
  })

  it('leaves existing pages and empty listings alone', () => {
    expect(pageInstead(undefined, 5)).toBeNull()
    expect(pageInstead(2, 2)).toBeNull()
    expect(pageInstead(3, 0)).toBeNull()
  })
})
