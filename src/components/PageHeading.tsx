import type { ReactNode } from 'react'

/** The heading of a page, with an optional line below it. */
export function PageHeading({ children, lead }: { children: ReactNode; lead?: ReactNode }) {
  return (
    <div className="page-heading">
      <h1>{children}</h1>
      {lead ? <p className="page-heading__lead">{lead}</p> : null}
    </div>
  )
}
