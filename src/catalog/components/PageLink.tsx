import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

/**
 * A link to another page of the current listing (same route, same filters), so that pages are real,
 * crawlable URLs; page 1 is the listing without a page parameter. Without a target it is shown disabled.
 */
export function PageLink({ page, rel, children }: { page: number | null; rel: 'prev' | 'next'; children: ReactNode }) {
  if (page === null) {
    return (
      <span className="button" aria-disabled="true">
        {children}
      </span>
    )
  }
  return (
    <Link to="." search={(prev) => ({ ...prev, page: page > 1 ? page : undefined })} className="button" rel={rel}>
      {children}
    </Link>
  )
}
