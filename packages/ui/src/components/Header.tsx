import { BackIcon, CloseIcon } from './Icons.js'

/** Props of {@link Header}. */
export interface HeaderProps {
  title: string
  /** The back and close buttons' accessible names, in the active language. */
  labels: { back: string; close: string }
  titleId: string
  onBack?: () => void
  onClose?: () => void
}

/** The dialog's header: back button (when there is history), the view's heading, close button. */
export function Header({ title, labels, titleId, onBack, onClose }: HeaderProps) {
  return (
    <div className="wm-header" part="header">
      {onBack ? (
        <button type="button" className="wm-icon-button" aria-label={labels.back} onClick={onBack}>
          <BackIcon />
        </button>
      ) : (
        <span />
      )}
      <h2 className="wm-title" id={titleId}>
        {title}
      </h2>
      {onClose ? (
        <button type="button" className="wm-icon-button" aria-label={labels.close} onClick={onClose}>
          <CloseIcon />
        </button>
      ) : (
        <span />
      )}
    </div>
  )
}
