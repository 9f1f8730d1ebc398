// A 96x96 rounded square with a "D", as EIP-6963 asks for (a data URI, at least 96px square).
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
  '<rect width="96" height="96" rx="22" fill="#5b3fd6"/>' +
  '<path d="M30 24h18c14 0 24 10 24 24S62 72 48 72H30z" fill="none" stroke="#fff" stroke-width="9" stroke-linejoin="round"/>' +
  '</svg>'

/** The Devnet Wallet's icon as a `data:image/svg+xml` URI (allowed by the demo's `img-src data:`). */
export const DEVNET_WALLET_ICON = `data:image/svg+xml,${encodeURIComponent(SVG)}`
