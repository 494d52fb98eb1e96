import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

/**
 * A link to another page of the current listing (same route, same filters), so that pages are real,
 * crawlable URLs; page 1 is the listing without a page parameter. Without a target it is shown disabled.
 */
export function PageLink({
  page,
  rel,
  children,
  label,
}: {
  page: number | null
  rel?: 'prev' | 'next'
  children: ReactNode
  label?: string
}) {
  if (page === null) {
    return (
      <span className="button" aria-disabled="true">
        {children}
      </span>
    )
  }
  return (
    <Link
      to="."
      search={(prev) => ({ ...prev, page: page > 1 ? page : undefined })}
      // Only the link to this very page (with every filter) is current: "page 1" is not current on page 2.
      activeOptions={{ exact: true, explicitUndefined: true }}
      className="button"
      rel={rel}
      aria-label={label}
    >
      {children}
    </Link>
  )
}

/**
 * The pages to offer around the current one: always the first and the last, two on each side of the current one,
 * and `null` where a run is left out (shown as an ellipsis). Pure, for the unit tests.
 */
export function pageWindow(current: number, total: number, around = 1): Array<number | null> {
  if (total <= 0) return []
  const pages = new Set<number>([1, total])
  for (let page = current - around; page <= current + around; page++) if (page >= 1 && page <= total) pages.add(page)
  // A gap of one page is shown as that page rather than an ellipsis.
  const sorted = [...pages].sort((a, b) => a - b)
  const result: Array<number | null> = []
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1]
    if (previous !== undefined && page - previous === 2) result.push(previous + 1)
    else if (previous !== undefined && page - previous > 2) result.push(null)
    result.push(page)
  })
  return result
}

/** Numbered pages with previous and next (§7: pages of 25); the current page is marked for screen readers. */
export function Pagination({ page, totalPages }: { page: number; totalPages: number }) {
  const { t } = useLingui()
  if (totalPages <= 1) return null
  return (
    <nav className="pagination" aria-label={t`Pages`}>
      <PageLink page={page > 1 ? page - 1 : null} rel="prev">
        {t`Previous`}
      </PageLink>
      <ol className="pagination__pages">
        {pageWindow(page, totalPages).map((number, index) =>
          number === null ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : number === page ? (
            <li key={number}>
              {/* A span has no name of its own (HTML forbids aria-label on it): the word is hidden text beside it. */}
              <span className="visually-hidden">{t`Page`} </span>
              <span className="button button--current" aria-current="page">
                {number}
              </span>
            </li>
          ) : (
            <li key={number}>
              <PageLink page={number} label={t`Page ${number}`}>
                {number}
              </PageLink>
            </li>
          ),
        )}
      </ol>
      <PageLink page={page < totalPages ? page + 1 : null} rel="next">
        {t`Next`}
      </PageLink>
    </nav>
  )
}
