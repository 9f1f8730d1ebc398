// A 96x96 rounded square in Bitcoin orange with a white "₿"-like B, so it is told apart from the
// purple EVM Devnet Wallet icon in wallet lists.
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
  '<rect width="96" height="96" rx="22" fill="#f7931a"/>' +
  '<path d="M36 24v48M44 18v8M44 70v8M36 26h16c8 0 12 4 12 10s-4 10-12 10H36M36 46h18c8 0 13 4 13 11s-5 13-13 13H36" ' +
  'fill="none" stroke="#fff" stroke-width="7" stroke-linejoin="round" stroke-linecap="round"/>' +
  '</svg>'

/** The Devnet Bitcoin wallet's icon as a `data:image/svg+xml` URI (allowed by the demo's `img-src data:`). */
export const DEVNET_BITCOIN_ICON = `data:image/svg+xml,${encodeURIComponent(SVG)}`
