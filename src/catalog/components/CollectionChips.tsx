import { Link } from '@tanstack/react-router'
import type { Collection } from '~/catalog/types'

/** Links to a collection's sub-collections, under their parent's URL. */
export function CollectionChips({ collection }: { collection: Collection }) {
  if (collection.children.length === 0) return null
  return (
    <ul className="chips">
      {collection.children.map((child) => (
        <li key={child.slug}>
          <Link to="/collection/$name/$sub" params={{ name: collection.slug, sub: child.slug }}>
            {child.name}
          </Link>
        </li>
      ))}
    </ul>
  )
}
