import { useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { CloseIcon } from './icons'

/**
 * An accessible modal on the native <dialog>: focus moves in and is trapped, Escape and the close
 * button close it, focus returns to what opened it. Controlled by `open`.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  variant,
}: {
  open: boolean
  onClose: () => void
  title: ReactNode
  children: ReactNode
  /** Stays in view under the scrolling body (the sheet's "show products" button). */
  footer?: ReactNode
  /** `sheet`: rises from the bottom edge on a phone (the listing's filters). */
  variant?: 'sheet'
}) {
  const { t } = useLingui()
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) element.showModal()
    if (!open && element.open) element.close()
  }, [open])

  return (
    <dialog
      ref={dialog}
      className={variant === 'sheet' ? 'modal modal--sheet' : 'modal'}
      aria-labelledby={titleId}
      onClose={onClose}
    >
      <div className="modal__head">
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        <button type="button" className="icon-button" onClick={onClose}>
          <CloseIcon />
          <span className="visually-hidden">{t`Close`}</span>
        </button>
      </div>
      <div className="modal__body">{children}</div>
      {footer ? <div className="modal__foot">{footer}</div> : null}
    </dialog>
  )
}
