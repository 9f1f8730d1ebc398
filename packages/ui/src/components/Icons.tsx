/**
 * Small inline SVG icons; decorative, so hidden from assistive tech (buttons carry the names).
 * Those that point along the line of reading (`mirror`) turn round in right-to-left languages.
 */
export const svg = (d: string, mirror?: boolean) =>
  function Icon() {
    return (
      <svg
        className={mirror ? 'wm-mirror' : undefined}
        width="16"
        height="16"
        viewBox="0 0 16 16"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d={d} />
      </svg>
    )
  }

/** A cross. */
export const CloseIcon = svg('M3.5 3.5l9 9M12.5 3.5l-9 9')
/** A left chevron. */
export const BackIcon = svg('M10 3L5 8l5 5', true)
/** Two overlapping squares. */
export const CopyIcon = svg('M5.5 5.5h7v7h-7zM3.5 10.5v-7h7')
/** A check mark. */
export const CheckIcon = svg('M3 8.5l3 3 7-7')
/** A right chevron. */
export const ChevronIcon = svg('M6 3l5 5-5 5', true)

/** A card with a plus: Buy. */
export const BuyIcon = svg('M2 4.5h12v8H2zM2 7h12M10 10.5h2')
/** Two opposite arrows: Swap. */
export const SwapIcon = svg('M3 5.5h9.5L10 3M13 10.5H3.5L6 13')
/** Arrows down and up: swap the sides of a trade. */
export const FlipIcon = svg('M5 2.5v11M5 13.5L2.5 11M11 13.5v-11M11 2.5L13.5 5')
/** Arrow up and to the right: Send. */
export const SendIcon = svg('M4.5 11.5l7-7M6 4.5h5.5V10', true)
/** Arrow down into a tray: Receive. */
export const ReceiveIcon = svg('M8 2.5v8M4.5 7L8 10.5 11.5 7M3 13.5h10')
/** An arrow out of a box: a link that opens another site. */
export const ExternalIcon = svg('M9.5 2.5h4v4M13.5 2.5 7.5 8.5M11.5 9.5v4h-9v-9h4')
/** Two cards: the wallets kept connected (ProfileWallets). */
export const WalletsIcon = svg('M2.5 5.5h9v7h-9zM4.5 5.5v-2h9v7h-2')
/** A clock: Activity. */
export const ActivityIcon = svg('M8 2.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 1 0 0-11zM8 5v3.2l2 1.3')
/** An envelope (the e-mail wallet's address). */
export const MailIcon = svg('M2.5 4h11v8h-11zM2.5 4.5 8 9l5.5-4.5')
/** A key (private key export). */
export const KeyIcon = svg('M6 10a3 3 0 1 1 0-.01zM8.6 8.6 13.5 3.7M11.5 5.7l1.5 1.5')
/** A tag with a dot: an account name. */
export const TagIcon = svg('M2.5 8.5l6-6h5v5l-6 6zM10.5 5.5h.01')
/** A door with an arrow leaving it: log out. */
export const LogOutIcon = svg('M6.5 2.5h-4v11h4M10.5 5l3 3-3 3M13.5 8h-7', true)
