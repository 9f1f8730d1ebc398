import type { ReactNode } from 'react'
import { WalletImage } from './WalletImage.js'

/** Props of {@link ListItem}. */
export interface ListItemProps {
  name: string
  imageUrl?: string
  tag?: string
  tagAccent?: boolean
  current?: boolean
  disabled?: boolean
  trailing?: ReactNode
  allowOrigins?: readonly string[]
  onClick(): void
}

/** A wallet or network row; its accessible name is the visible name (plus the tag). */
export function ListItem({ name, imageUrl, tag, tagAccent, current, disabled, trailing, allowOrigins, onClick }: ListItemProps) {
  return (
    <li>
      <button type="button" className="wm-list-item" part="button" aria-current={current ? 'true' : undefined} disabled={disabled} onClick={onClick}>
        <WalletImage name={name} src={imageUrl} allowOrigins={allowOrigins} />
        <span className="wm-name">{name}</span>
        {tag ? <span className={`wm-tag${tagAccent ? ' wm-tag-accent' : ''}`}>{tag}</span> : null}
        {trailing}
      </button>
    </li>
  )
}
