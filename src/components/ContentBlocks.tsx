import type { ContentBlock } from '~/content/info-pages'

/** Renders a content page's blocks as plain, sanitised markup (text only, never raw HTML). */
export function ContentBlocks({ blocks }: { blocks: ContentBlock[] }) {
  return (
    <div className="prose">
      {blocks.map((block, index) => {
        switch (block.kind) {
          case 'h2':
            return <h2 key={index}>{block.text}</h2>
          case 'p':
            return <p key={index}>{block.text}</p>
          case 'ul':
            return (
              <ul key={index}>
                {block.items.map((item, itemIndex) => (
                  <li key={itemIndex}>{item}</li>
                ))}
              </ul>
            )
        }
      })}
    </div>
  )
}
