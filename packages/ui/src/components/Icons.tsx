/** Small inline SVG icons; decorative, so hidden from assistive tech (buttons carry the names). */
const svg = (d: string) =>
  function Icon() {
    return (
      <svg width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
        <path d={d} />
      </svg>
    )
  }

/** A cross. */
export const CloseIcon = svg('M3.5 3.5l9 9M12.5 3.5l-9 9')
/** A left chevron. */
export const BackIcon = svg('M10 3L5 8l5 5')
/** Two overlapping squares. */
export const CopyIcon = svg('M5.5 5.5h7v7h-7zM3.5 10.5v-7h7')
/** A check mark. */
export const CheckIcon = svg('M3 8.5l3 3 7-7')
/** A right chevron. */
export const ChevronIcon = svg('M6 3l5 5-5 5')
