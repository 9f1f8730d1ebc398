import type { SocialLogin } from '@wallet-modal/core/internal'

// Drawn here, not the providers' artwork: a tile in each provider's colour with a simple mark
// (a G, a cat's head, an apple, an f, an X, a game pad, an arch). data: URLs, so Connect shows them
// without a request and a strict CSP needs nothing new.
const tile = (bg: string, body: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="${bg}"/>${body}</svg>`)}`

/** Each social provider's icon (a data: URL). */
export const SOCIAL_ICONS: Record<SocialLogin, string> = {
  google: tile(
    '#ffffff',
    '<rect x=".5" y=".5" width="39" height="39" rx="9.5" fill="none" stroke="#dadce0"/><path d="M28.5 17.5H20v4.5h4.8a5.5 5.5 0 1 1-1.6-6.3l3.2-3.2A10 10 0 1 0 30 20c0-.9-.1-1.7-.3-2.5z" fill="#4285F4"/>'
  ),
  github: tile(
    '#24292f',
    '<path d="M12 13l3.5 3a9 9 0 0 1 9 0L28 13l.5 6a8.5 8.5 0 0 1-17 0z" fill="#fff"/><circle cx="16.5" cy="21" r="1.3" fill="#24292f"/><circle cx="23.5" cy="21" r="1.3" fill="#24292f"/><path d="M18 30v-2.5M22 30v-2.5" stroke="#fff" stroke-width="1.6"/>'
  ),
  apple: tile(
    '#000000',
    '<path d="M20 16c-1.5-1.2-6.5-2-7.5 3.5-.7 4 1.800 10.500 4.500 10.500 1.200 0 1.800-.7 3-.7s1.800.7 3 .7c2.700 0 5.200-6.500 4.500-10.500C26.500 14 21.500 14.800 20 16z" fill="#fff"/><ellipse cx="22.5" cy="11.5" rx="1.6" ry="3" transform="rotate(35 22.5 11.5)" fill="#fff"/>'
  ),
  facebook: tile('#1877F2', '<path d="M22 32V21.5h3.5l.5-4h-4V15c0-1.2.3-2 2-2h2.1V9.4a28 28 0 0 0-3-.2c-3 0-5.1 1.8-5.1 5.2v3.1h-3.4v4H18V32z" fill="#fff"/>'),
  x: tile('#000000', '<path d="M12 11h4.5l11.5 18h-4.5zM27.5 11 12.5 29" stroke="#fff" stroke-width="2" fill="none" stroke-linejoin="round"/>'),
  discord: tile(
    '#5865F2',
    '<path d="M12.5 14.5c2-1.500 4.500-2 7.500-2s5.500.5 7.500 2c1.500 3 2 6 1.800 9.500-1.500 1.300-3.200 2.200-5 2.600l-1-1.800c-2.200.6-4.400.6-6.600 0l-1 1.800c-1.800-.4-3.500-1.300-5-2.600-.2-3.500.3-6.500 1.800-9.500z" fill="#fff"/><circle cx="16.8" cy="20" r="1.800" fill="#5865F2"/><circle cx="23.2" cy="20" r="1.800" fill="#5865F2"/>'
  ),
  farcaster: tile('#855DCD', '<path d="M12 12h16v17h-3.5v-7.500a4.500 4.500 0 0 0-9 0V29H12z" fill="#fff"/>')
}

/** Each provider's name as people write it. */
export const SOCIAL_LABELS: Record<SocialLogin, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
  farcaster: 'Farcaster'
}
