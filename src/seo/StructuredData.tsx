import { useState, useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

/**
 * A `<script type="application/ld+json">` whose content only the server computes. Structured data is for search
 * engines, which load each address afresh (and Google, which runs the page's JavaScript, reads it after hydration
 * too), so the builders stay out of the browser's JavaScript: callers pass `import.meta.env.SSR ? build() : null`,
 * which the browser build reduces to `null`.
 *
 * While hydrating, the script is rendered with empty content: React does not compare `dangerouslySetInnerHTML`
 * when hydrating, so the server's JSON stays in the document, and the element keeps it for as long as it stays
 * mounted. An element first mounted in the browser (a client navigation; callers key this by what it describes)
 * renders nothing, so the document never describes a page other than the one showing.
 */
export function StructuredData({ json }: { json: string | null }) {
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  )
  const [fromServer] = useState(hydrating)
  if (json === null && !fromServer) return null
  return <script type="application/ld+json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json ?? '' }} />
}
