// Drawn here: a blue tile with two arcs facing each other (a link between two ends). A data: URL,
// so the Connect list shows it without any request.
const SVG =
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 40 40'><rect width='40' height='40' rx='10' fill='%233396FF'/>" +
  "<path d='M11 17c5-5 13-5 18 0M14 21c3.3-3.2 8.7-3.2 12 0' stroke='white' stroke-width='3' fill='none' stroke-linecap='round'/>" +
  "<circle cx='20' cy='26' r='2.2' fill='white'/></svg>"

/** The WalletConnect entry's icon, as a `data:` URL. */
export const WALLET_CONNECT_ICON = `data:image/svg+xml,${SVG.replace(/#/g, '%23').replace(/</g, '%3C').replace(/>/g, '%3E')}`
