import { createContext, useContext, useId, type ReactNode } from 'react'

/** The id of the caption that names the scrolling box around its table. */
const CaptionId = createContext<string | undefined>(undefined)

/**
 * A table's scrolling box (sideways on a phone): a named region that takes the focus, so that a keyboard can scroll
 * it even when its rows hold nothing focusable. It is named by `label`, or else by the table's `TableCaption`.
 */
export function TableScroll({ label, children }: { label?: string; children: ReactNode }) {
  const captionId = useId()
  return (
    <CaptionId.Provider value={captionId}>
      <div
        className="admin-table__scroll"
        role="region"
        aria-label={label}
        aria-labelledby={label ? undefined : captionId}
        tabIndex={0}
      >
        {children}
      </div>
    </CaptionId.Provider>
  )
}

/** A table's caption inside a `TableScroll`, which it names. */
export function TableCaption({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <caption id={useContext(CaptionId)} className={className}>
      {children}
    </caption>
  )
}
