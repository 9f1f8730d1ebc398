// A 96x96 rounded square with Solana's three slanted bars, in the Devnet Wallet's purple. The
// Wallet Standard wants a base64 data URI (an svg+xml, webp, png or gif image).
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
  '<rect width="96" height="96" rx="22" fill="#5b3fd6"/>' +
  '<path d="M30 28h42l-8 8H22zM22 44h42l8 8H30zM30 60h42l-8 8H22z" fill="#14f195"/>' +
  '</svg>'

/** The Devnet Solana wallet's icon as a `data:image/svg+xml;base64,` URI. */
export const DEVNET_SOLANA_WALLET_ICON = `data:image/svg+xml;base64,${btoa(SVG)}` as const
