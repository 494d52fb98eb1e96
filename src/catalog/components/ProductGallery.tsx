import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { CatalogImage } from '~/catalog/types'
import { CatalogPicture } from './CatalogPicture'

/** The product's pictures: one large, the others as buttons that bring them forward. */
export function ProductGallery({ images }: { images: CatalogImage[] }) {
  const { t } = useLingui()
  const count = images.length
  const [selected, setSelected] = useState(0)
  const current = images[selected] ?? images[0]
  if (!current) return null
  return (
    <div className="gallery">
      <div className="gallery__main">
        <CatalogPicture image={current} sizes="(min-width: 48rem) 55vw, 100vw" priority={selected === 0} />
      </div>
      {images.length > 1 ? (
        <ul className="gallery__thumbs" aria-label={t`Pictures`}>
          {images.map((image, index) => {
            const number = index + 1
            return (
              <li key={image.path}>
                <button
                  type="button"
                  className="gallery__thumb"
                  aria-pressed={index === selected}
                  aria-label={t`Picture ${number} of ${count}`}
                  onClick={() => setSelected(index)}
                >
                  <CatalogPicture image={image} sizes="80px" widths={[120, 240]} />
                </button>
              </li>
            )
          })}
        </ul>
      ) : null}
    </div>
  )
}
