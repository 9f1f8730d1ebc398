import type { ReactNode } from 'react'
import { WalletImage } from './WalletImage.js'
import { useConnectGate } from './ConnectGate.js'

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
 * tag and trailing mark. Its accessible name is the name, then the tag after a comma. Under a
 * locked {@link useConnectGate} (Connect before the site's terms are agreed to) it is
 * `aria-disabled`, says why, and ignores clicks.
 */
export function ListItem({ name, imageUrl, tag, tagAccent, current, disabled, trailing, allowOrigins, onClick }: ListItemProps) {
  const gate = useConnectGate()
  return (
    <li>
      <button
        type="button"
        className="wm-list-item"
        part="button"
        aria-label={rowLabel(name, tag)}
        aria-current={current ? 'true' : undefined}
        disabled={disabled}
        {...gate.attributes}
        onClick={gate.locked ? undefined : onClick}
      >
        <WalletImage name={name} src={imageUrl} allowOrigins={allowOrigins} />
        <span className="wm-name">{name}</span>
        {/* A space between name and tag (not drawn: flex items drop it), so the row's visible text
            reads "Devnet 2 EVM" and its accessible name contains it word for word: WCAG 2.5.3,
            what a person using speech input says is what they see. */}
        {tag ? ' ' : null}
        {tag ? <span className={`wm-tag${tagAccent ? ' wm-tag-accent' : ''}`}>{tag}</span> : null}
        {trailing}
      </button>
    </li>
  )
}
