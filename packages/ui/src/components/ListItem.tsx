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

/**
 * The accessible name of a row with a tag: "Devnet 2, EVM". Built from the parts rather than read
 * from the content, where the name and the tag would run together ("Devnet 2EVM") in tools that
 * join the text without the layout's spacing.
 */
export function rowLabel(name: string, tag: string | undefined): string | undefined {
  return tag ? `${name}, ${tag}` : undefined
}

/**
 * A wallet or network row: image (decorative, hidden from assistive technology), name, optional
 * tag and trailing mark. Its accessible name is the name, then the tag after a comma.
 */
export function ListItem({ name, imageUrl, tag, tagAccent, current, disabled, trailing, allowOrigins, onClick }: ListItemProps) {
  return (
    <li>
      <button
        type="button"
        className="wm-list-item"
        part="button"
        aria-label={rowLabel(name, tag)}
        aria-current={current ? 'true' : undefined}
        disabled={disabled}
        onClick={onClick}
      >
        <WalletImage name={name} src={imageUrl} allowOrigins={allowOrigins} />
        <span className="wm-name">{name}</span>
        {tag ? <span className={`wm-tag${tagAccent ? ' wm-tag-accent' : ''}`}>{tag}</span> : null}
        {trailing}
      </button>
    </li>
  )
}
