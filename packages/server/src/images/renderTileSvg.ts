import { createHash } from 'node:crypto'

/**
 * Draws a small deterministic SVG: up to three characters on a rounded square whose colour comes
 * from a hash of `seed`. Used for every image this server serves (sample wallets, networks,
 * tokens, currencies, avatars), so no image file has to ship and none can carry a script.
 *
 * Only the label is variable text; it is reduced to letters, digits and a few currency signs
 * before being written, so nothing from a catalogue or URL reaches the markup as-is.
 *
 * @param label - Text to show; trimmed to 3 safe characters.
 * @param seed - Anything stable (an id); picks the colour.
 * @param shape - `square` (wallets, tokens) or `circle` (networks, avatars).
 */
export function renderTileSvg(label: string, seed: string, shape: 'square' | 'circle' = 'square'): string {
  const hash = createHash('sha256').update(seed).digest()
  const hue = ((hash[0]! << 8) | hash[1]!) % 360
  const text = safeLabel(label)
  const fontSize = text.length >= 3 ? 34 : text.length === 2 ? 42 : 52
  const background =
    shape === 'circle' ? `<circle cx="48" cy="48" r="48" fill="hsl(${hue} 62% 46%)"/>` : `<rect width="96" height="96" rx="20" fill="hsl(${hue} 62% 46%)"/>`
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    background +
    `<text x="48" y="50" fill="#fff" font-family="Inter, system-ui, sans-serif" font-size="${fontSize}" font-weight="600" text-anchor="middle" dominant-baseline="central">${text}</text>` +
    `</svg>`
  )
}

/** Letters, digits and $ € £ ¥ only; at most 3 characters; `?` when nothing is left. */
function safeLabel(label: string): string {
  const kept = Array.from(label.normalize('NFKC')).filter(ch => /[\p{L}\p{N}$€£¥]/u.test(ch))
  return kept.slice(0, 3).join('') || '?'
}

/**
 * The label of a name's tile: the initials of its first two words, or the number of numbered
 * names ("Sample Wallet 017" -> "17"), upper-cased.
 *
 * @param name - A wallet, network or token name.
 */
export function initialsOf(name: string): string {
  const words = name.split(/[\s._-]+/).filter(Boolean)
  const last = words.at(-1) ?? ''
  if (words.length > 1 && /^\d+$/.test(last)) return String(Number(last)).slice(-3)
  return words
    .slice(0, 2)
    .map(word => word[0])
    .join('')
    .toUpperCase()
}
