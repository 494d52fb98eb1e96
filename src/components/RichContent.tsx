import type { RichBlock } from '~/catalog/types'
import { CatalogPicture } from '~/catalog/components/CatalogPicture'
import { ProductGrid } from '~/catalog/components/ProductCard'

/** Editorial and content-page blocks, rendered as React elements only: text can never become markup. */
export function RichContent({ blocks }: { blocks: RichBlock[] }) {
  return (
    <div className="prose">
      {blocks.map((block, index) => {
        switch (block.kind) {
          case 'h2':
            return <h2 key={index}>{block.text}</h2>
          case 'p':
            return <p key={index}>{block.text}</p>
          case 'quote':
            return <blockquote key={index}>{block.text}</blockquote>
          case 'ul':
            return (
              <ul key={index}>
                {block.items.map((item, itemIndex) => (
                  <li key={itemIndex}>{item}</li>
                ))}
              </ul>
            )
          case 'image':
            return (
              <figure key={index}>
                <CatalogPicture image={block.image} sizes="(min-width: 48rem) 42rem, 100vw" aspectRatio={16 / 10} />
              </figure>
            )
          case 'products':
            return (
              <div key={index} className="prose__products">
                <ProductGrid products={block.products} />
              </div>
            )
        }
      })}
    </div>
  )
}
