import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import { useId, useRef, useState, type DragEvent, type KeyboardEvent, type MouseEvent } from 'react'
import { PICTURE_ALT_MAX, PICTURE_MAX_BYTES, PICTURES_PER_COLOUR } from '~/domain/pictures'
import {
  AdminApiError,
  deletePicture,
  editPicture,
  orderPictures,
  uploadPicture,
  type Picture,
  type PictureColour,
  type PictureModel,
} from '../api'
import { adminKeys, pictureModelQuery, pictureSearchQuery } from '../queries'
import { useAdminTitle } from '../ui/title'
import { ErrorNotice } from './ErrorScreen'

type Focal = { x: number; y: number }
type Upload = { key: string; name: string; progress: number; error: string | null }

/** The MIME types a browser gives the pictures the API takes (it checks the content itself). */
const TAKEN_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif'])
const FOCAL_STEP = 0.05
/** The drag data type of files dragged in from outside the page. */
const FILES = 'Files'

function Loading() {
  return (
    <p role="status" className="admin-notice">
      <Trans>Loading…</Trans>
    </p>
  )
}

/** A rendition of a picture from the shop's image endpoint (§9), as the shop asks for one. */
function imageUrl(path: string, query: { width: number; height?: number; fit: 'inside' | 'cover' }): string {
  const height = query.height === undefined ? '' : `&h=${query.height}`
  return `/images/${path}?fm=webp&q=70&w=${query.width}${height}&fit=${query.fit}`
}

const percent = (fraction: number) => Math.round(fraction * 100)
const clamp = (value: number) => Math.min(1, Math.max(0, Math.round(value * 100) / 100))

/** The message of a refusal, in the staff's language as the API wrote it; a fallback when there is none. */
function messageOf(error: unknown, fallback: string): string {
  return error instanceof AdminApiError && error.message ? error.message : fallback
}

/**
 * One picture: its thumbnail (a click or tap there sets the focal point; the arrow keys move it), its position with
 * move-up and move-down buttons, its alt text in Thai and English side by side with the focal point as numbers, and
 * a delete that asks first.
 */
function PictureCard({
  picture,
  position,
  count,
  productId,
  onChanged,
  onMove,
  onDragStart,
  onDropOn,
}: {
  picture: Picture
  position: number
  count: number
  productId: string
  onChanged: (colour: PictureColour, said: string, deleted?: boolean) => void
  onMove: (by: -1 | 1) => void
  onDragStart: () => void
  onDropOn: () => void
}) {
  const { t } = useLingui()
  const ids = useId()
  const [altTh, setAltTh] = useState(picture.alt_th)
  const [altEn, setAltEn] = useState(picture.alt_en)
  const [focal, setFocal] = useState<Focal>(picture.focal ?? { x: 0.5, y: 0.5 })
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const keepRef = useRef<HTMLButtonElement>(null)
  const saved = picture.focal ?? { x: 0.5, y: 0.5 }
  const changed = altTh !== picture.alt_th || altEn !== picture.alt_en || focal.x !== saved.x || focal.y !== saved.y
  const number = position + 1
  const across = percent(focal.x)
  const down = percent(focal.y)

  const pick = (event: MouseEvent<HTMLButtonElement>) => {
    // A click made with the keyboard (Enter, Space) has no position on the picture.
    if (event.detail === 0) return
    const box = (event.currentTarget.querySelector('img') ?? event.currentTarget).getBoundingClientRect()
    if (box.width === 0 || box.height === 0) return
    setFocal({ x: clamp((event.clientX - box.left) / box.width), y: clamp((event.clientY - box.top) / box.height) })
  }
  const nudge = (event: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-FOCAL_STEP, 0],
      ArrowRight: [FOCAL_STEP, 0],
      ArrowUp: [0, -FOCAL_STEP],
      ArrowDown: [0, FOCAL_STEP],
    }
    const move = moves[event.key]
    if (!move) return
    event.preventDefault()
    setFocal((current) => ({ x: clamp(current.x + move[0]), y: clamp(current.y + move[1]) }))
  }
  const save = async () => {
    setBusy(true)
    setError(null)
    try {
      const colour = await editPicture(productId, picture.id, { alt_th: altTh, alt_en: altEn, focal })
      onChanged(colour, t`Picture ${number} saved.`)
    } catch (failure) {
      setError(messageOf(failure, t`The picture could not be saved. Try again.`))
    } finally {
      setBusy(false)
    }
  }
  const remove = async () => {
    setBusy(true)
    setError(null)
    try {
      const colour = await deletePicture(productId, picture.id)
      onChanged(colour, t`Picture ${number} deleted.`, true)
    } catch (failure) {
      setError(messageOf(failure, t`The picture could not be deleted. Try again.`))
      setBusy(false)
    }
  }

  return (
    <li
      className="admin-pictures__card"
      draggable
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move'
        event.dataTransfer.setData('text/plain', picture.id)
        onDragStart()
      }}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes(FILES)) event.preventDefault()
      }}
      onDrop={(event) => {
        if (event.dataTransfer.types.includes(FILES)) return
        event.preventDefault()
        event.stopPropagation()
        onDropOn()
      }}
      aria-labelledby={`${ids}-title`}
    >
      <h4 id={`${ids}-title`} className="admin-pictures__title">
        <Trans>
          Picture {number} of {count}
        </Trans>
      </h4>
      <button
        type="button"
        className="admin-pictures__frame"
        onClick={pick}
        onKeyDown={nudge}
        aria-describedby={`${ids}-focal-help`}
        aria-label={t`Focal point of picture ${number}: ${across}% across, ${down}% down`}
      >
        <img
          src={imageUrl(picture.path, { width: 480, fit: 'inside' })}
          alt=""
          width={picture.width}
          height={picture.height}
          draggable={false}
        />
        <span
          className="admin-pictures__focal"
          aria-hidden="true"
          style={{ left: `${percent(focal.x)}%`, top: `${percent(focal.y)}%` }}
        />
      </button>
      <p id={`${ids}-focal-help`} className="admin-field__hint">
        <Trans>
          Click or tap the picture where its subject is, or move the mark with the arrow keys: crops keep that point in
          view.
        </Trans>
      </p>
      <div className="admin-pictures__moves">
        <button
          type="button"
          className="admin-button admin-button--secondary admin-button--small"
          aria-disabled={position === 0}
          aria-label={t`Move up: picture ${number}`}
          onClick={() => {
            if (position > 0) onMove(-1)
          }}
        >
          <Trans>Move up</Trans>
        </button>
        <button
          type="button"
          className="admin-button admin-button--secondary admin-button--small"
          aria-disabled={position === count - 1}
          aria-label={t`Move down: picture ${number}`}
          onClick={() => {
            if (position < count - 1) onMove(1)
          }}
        >
          <Trans>Move down</Trans>
        </button>
      </div>
      <form
        className="admin-form admin-pictures__form"
        onSubmit={(event) => {
          event.preventDefault()
          void save()
        }}
      >
        <div className="admin-pictures__alts">
          <div className="admin-field">
            <label htmlFor={`${ids}-th`}>
              <Trans>Alt text (Thai)</Trans>
            </label>
            <textarea
              id={`${ids}-th`}
              lang="th"
              rows={2}
              maxLength={PICTURE_ALT_MAX}
              value={altTh}
              onChange={(event) => setAltTh(event.target.value)}
            />
          </div>
          <div className="admin-field">
            <label htmlFor={`${ids}-en`}>
              <Trans>Alt text (English)</Trans>
            </label>
            <textarea
              id={`${ids}-en`}
              lang="en"
              rows={2}
              maxLength={PICTURE_ALT_MAX}
              value={altEn}
              onChange={(event) => setAltEn(event.target.value)}
            />
          </div>
        </div>
        <fieldset className="admin-pictures__numbers">
          <legend>
            <Trans>Focal point (%)</Trans>
          </legend>
          <div className="admin-field">
            <label htmlFor={`${ids}-x`}>
              <Trans>Across</Trans>
            </label>
            <input
              id={`${ids}-x`}
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              value={percent(focal.x)}
              onChange={(event) => setFocal((current) => ({ ...current, x: clamp(Number(event.target.value) / 100) }))}
            />
          </div>
          <div className="admin-field">
            <label htmlFor={`${ids}-y`}>
              <Trans>Down</Trans>
            </label>
            <input
              id={`${ids}-y`}
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              value={percent(focal.y)}
              onChange={(event) => setFocal((current) => ({ ...current, y: clamp(Number(event.target.value) / 100) }))}
            />
          </div>
        </fieldset>
        {error ? (
          <p role="alert" className="admin-notice admin-notice--error">
            {error}
          </p>
        ) : null}
        <div className="admin-pictures__actions">
          <button type="submit" className="admin-button" disabled={busy || !changed}>
            <Trans>Save picture {number}</Trans>
          </button>
          {changed ? (
            <span className="admin-field__hint">
              <Trans>Not saved yet</Trans>
            </span>
          ) : null}
          {confirming ? (
            <span role="group" aria-label={t`Delete picture ${number}?`} className="admin-pictures__confirm">
              <span>
                <Trans>Delete this picture from the shop?</Trans>
              </span>
              <button
                type="button"
                className="admin-button admin-button--danger"
                disabled={busy}
                onClick={() => void remove()}
              >
                <Trans>Yes, delete</Trans>
              </button>
              <button
                ref={keepRef}
                type="button"
                className="admin-button admin-button--secondary"
                onClick={() => setConfirming(false)}
              >
                <Trans>Keep it</Trans>
              </button>
            </span>
          ) : (
            <button
              type="button"
              className="admin-button admin-button--quiet"
              onClick={() => {
                setConfirming(true)
                requestAnimationFrame(() => keepRef.current?.focus())
              }}
            >
              <Trans>Delete picture {number}</Trans>
            </button>
          )}
        </div>
      </form>
    </li>
  )
}

/** A colour's pictures: the upload (drop files or choose them, the camera on a phone) and the pictures in order. */
function ColourPictures({ colour, familyId }: { colour: PictureColour; familyId: string }) {
  const { t } = useLingui()
  const ids = useId()
  const queryClient = useQueryClient()
  const [uploads, setUploads] = useState<Upload[]>([])
  const [said, setSaid] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [dragging, setDragging] = useState(false)
  const dragged = useRef<string | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const pictures = colour.pictures
  const colourName = colour.colour
  const room = PICTURES_PER_COLOUR - pictures.length

  const apply = (changed: PictureColour, text: string | null) => {
    queryClient.setQueryData<PictureModel>(pictureModelQuery(familyId).queryKey, (model) =>
      model
        ? {
            ...model,
            colours: model.colours.map((each) => (each.product_id === changed.product_id ? changed : each)),
          }
        : model,
    )
    void queryClient.invalidateQueries({ queryKey: [...adminKeys.pictures, 'search'] })
    if (text !== null) setSaid(text)
  }

  const reorder = async (order: string[], text: string) => {
    setError(null)
    try {
      apply(await orderPictures(colour.product_id, order), text)
    } catch (failure) {
      setError(messageOf(failure, t`The new order could not be saved. Try again.`))
    }
  }
  const move = (index: number, by: -1 | 1) => {
    const order = pictures.map((picture) => picture.id)
    const [moved] = order.splice(index, 1)
    if (moved === undefined) return
    order.splice(index + by, 0, moved)
    const to = index + by + 1
    const count = order.length
    void reorder(order, t`Moved to position ${to} of ${count}.`)
  }
  const dropOn = (target: number) => {
    const from = pictures.findIndex((picture) => picture.id === dragged.current)
    dragged.current = null
    if (from < 0 || from === target) return
    const order = pictures.map((picture) => picture.id)
    const [moved] = order.splice(from, 1)
    if (moved === undefined) return
    order.splice(target, 0, moved)
    const to = target + 1
    const count = order.length
    void reorder(order, t`Moved to position ${to} of ${count}.`)
  }

  const send = async (files: File[]) => {
    setSaid(null)
    setError(null)
    if (files.length > room) {
      setError(t`A colour has ${PICTURES_PER_COLOUR} pictures at most: ${room} more can be added.`)
      files = files.slice(0, Math.max(0, room))
    }
    for (const file of files) {
      const key = `${file.name}-${file.size}-${Math.random()}`
      const refusal =
        file.size > PICTURE_MAX_BYTES
          ? t`The picture is larger than 15 MB`
          : file.type && !TAKEN_TYPES.has(file.type)
            ? t`This file is not a JPEG, PNG, WebP or AVIF picture`
            : null
      setUploads((list) => [...list, { key, name: file.name, progress: 0, error: refusal }])
      if (refusal) continue
      try {
        const changed = await uploadPicture(colour.product_id, file, (progress) =>
          setUploads((list) => list.map((each) => (each.key === key ? { ...each, progress } : each))),
        )
        setUploads((list) => list.filter((each) => each.key !== key))
        const name = file.name
        apply(changed, t`${name} added.`)
      } catch (failure) {
        const message = messageOf(failure, t`The picture could not be uploaded. Try again.`)
        setUploads((list) => list.map((each) => (each.key === key ? { ...each, error: message } : each)))
      }
    }
  }

  const dropFiles = (event: DragEvent<HTMLDivElement>) => {
    if (!event.dataTransfer.types.includes(FILES)) return
    event.preventDefault()
    setDragging(false)
    void send([...event.dataTransfer.files])
  }

  return (
    <section className="admin-pictures__colour" aria-labelledby={`${ids}-colour`}>
      <h3 id={`${ids}-colour`} ref={headingRef} tabIndex={-1}>
        <span className="admin-stock__swatch" style={{ background: colour.colour_hex }} aria-hidden="true" />{' '}
        {colour.colour} <span className="admin-stock__id">{colour.product_id}</span>
      </h3>
      <div
        className={`admin-pictures__drop${dragging ? ' admin-pictures__drop--over' : ''}`}
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes(FILES)) return
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={dropFiles}
      >
        <label htmlFor={`${ids}-file`} className="admin-pictures__choose">
          <Trans>Add pictures of {colourName}</Trans>
        </label>
        <input
          id={`${ids}-file`}
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          disabled={room <= 0}
          aria-describedby={`${ids}-limits`}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])]
            event.target.value = ''
            void send(files)
          }}
        />
        <p id={`${ids}-limits`} className="admin-field__hint">
          <Trans>
            Drop pictures here, or choose them (a phone can take one with its camera). JPEG, PNG, WebP or AVIF, up to 15
            MB each.
          </Trans>{' '}
          {room > 0 ? (
            <Plural value={room} one="# more picture can be added." other="# more pictures can be added." />
          ) : (
            <Trans>This colour has all the pictures it can have.</Trans>
          )}
        </p>
      </div>
      {uploads.length > 0 ? (
        <ul className="admin-pictures__uploads" aria-label={t`Uploads`}>
          {uploads.map(({ key, name, progress, error: refusal }) => (
            <li key={key}>
              {refusal ? (
                <p role="alert" className="admin-notice admin-notice--error">
                  <Trans>
                    {name}: {refusal}
                  </Trans>{' '}
                  <button
                    type="button"
                    className="admin-button admin-button--quiet admin-button--small"
                    onClick={() => setUploads((list) => list.filter((each) => each.key !== key))}
                  >
                    <Trans>Dismiss</Trans>
                  </button>
                </p>
              ) : (
                <label className="admin-pictures__progress">
                  <span>
                    <Trans>Uploading {name}</Trans>
                  </span>
                  <progress max={100} value={percent(progress)}>
                    {percent(progress)}%
                  </progress>
                </label>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <div role="status" className="admin-pictures__said">
        {said ? <p className="admin-notice">{said}</p> : null}
      </div>
      {error ? (
        <p role="alert" className="admin-notice admin-notice--error">
          {error}
        </p>
      ) : null}
      {pictures.length === 0 ? (
        <p className="admin-notice">
          <Trans>No pictures yet. The shop shows a plain placeholder until this colour has one.</Trans>
        </p>
      ) : (
        <ol className="admin-pictures__list" aria-label={t`Pictures of ${colourName}, in the shop’s order`}>
          {pictures.map((picture, index) => (
            <PictureCard
              key={picture.id}
              picture={picture}
              position={index}
              count={pictures.length}
              productId={colour.product_id}
              onChanged={(changed, text, deleted) => {
                apply(changed, text)
                // The deleted card took the focus with it: it goes to the colour's heading, before the pictures.
                if (deleted) requestAnimationFrame(() => headingRef.current?.focus())
              }}
              onMove={(by) => move(index, by)}
              onDragStart={() => {
                dragged.current = picture.id
              }}
              onDropOn={() => dropOn(index)}
            />
          ))}
        </ol>
      )}
    </section>
  )
}

function ModelSection({ id }: { id: string }) {
  const model = useQuery(pictureModelQuery(id))
  const ids = useId()
  if (model.isPending) return <Loading />
  if (model.isError) return <ErrorNotice error={model.error} />
  const data = model.data
  return (
    <section aria-labelledby={`${ids}-title`} className="admin-pictures__model">
      <h2 id={`${ids}-title`}>
        {data.name} <span className="admin-stock__id">{data.family_id}</span>
      </h2>
      <p className="admin-field__hint">
        <Trans>
          The first picture of a colour is the one the shop leads with. Drag a picture, or use its Move buttons, to
          change the order.
        </Trans>
      </p>
      {data.colours.map((colour) => (
        <ColourPictures key={colour.product_id} colour={colour} familyId={id} />
      ))}
    </section>
  )
}

/**
 * Pictures (issue 32 item 2, decision 194): find a model by name or SKU, then each of its colours with its pictures:
 * upload (drop, choose, or a phone's camera), order (drag, or move up and down), alt text in Thai and English side
 * by side, a focal point (click or tap, arrow keys, numbers), delete with a confirmation.
 */
export function PicturesScreen() {
  const { t } = useLingui()
  useAdminTitle(t`Pictures`)
  const search = useSearch({ from: '/pictures' })
  const navigate = useNavigate({ from: '/pictures' })
  const [typed, setTyped] = useState(search.q ?? '')
  const ids = useId()
  const q = search.q ?? ''
  const found = useQuery({ ...pictureSearchQuery(q), enabled: !search.product })
  return (
    <div className="admin-pictures">
      <h1>
        <Trans>Pictures</Trans>
      </h1>
      <form
        role="search"
        className="admin-form admin-form--inline"
        onSubmit={(event) => {
          event.preventDefault()
          void navigate({ search: { q: typed.trim() || undefined } })
        }}
      >
        <div className="admin-field">
          <label htmlFor={`${ids}-q`}>
            <Trans>Find a product (name or SKU)</Trans>
          </label>
          <input id={`${ids}-q`} type="search" value={typed} onChange={(event) => setTyped(event.target.value)} />
        </div>
        <button type="submit" className="admin-button">
          <Trans>Search</Trans>
        </button>
      </form>
      {search.product ? (
        <>
          <p>
            <Link to="/pictures" search={{ q: search.q }}>
              <Trans>Back to the products found</Trans>
            </Link>
          </p>
          <ModelSection id={search.product} />
        </>
      ) : found.isPending ? (
        <Loading />
      ) : found.isError ? (
        <ErrorNotice error={found.error} />
      ) : found.data.items.length === 0 ? (
        <p className="admin-notice">
          {q ? <Trans>No product matches “{q}”.</Trans> : <Trans>There are no products yet.</Trans>}
        </p>
      ) : (
        <ul className="admin-pictures__results" aria-label={t`Products found`}>
          {found.data.items.map((item) => {
            const colours = item.colours
            const count = item.pictures
            return (
              <li key={item.family_id}>
                {item.cover ? (
                  <img
                    src={imageUrl(item.cover, { width: 96, height: 128, fit: 'cover' })}
                    alt=""
                    width={48}
                    height={64}
                  />
                ) : (
                  <span className="admin-pictures__none" aria-hidden="true" />
                )}
                <span>
                  <Link to="/pictures" search={{ q: search.q, product: item.family_id }}>
                    {item.name}
                  </Link>{' '}
                  <span className="admin-stock__id">{item.family_id}</span>{' '}
                  <span>
                    <Plural value={colours} one="# colour" other="# colours" />
                    {' · '}
                    <Plural value={count} one="# picture" other="# pictures" />
                  </span>
                </span>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
