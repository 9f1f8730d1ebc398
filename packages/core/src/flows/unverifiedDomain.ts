import type { Core } from '../core/Core.js'

/**
 * True when the address a site gives wallets (`metadata.url`) is not the origin of the page the
 * modal runs on: the case WalletConnect Verify reports to a wallet as a domain mismatch (its
 * `INVALID`), since a wallet compares the origin the page really has with `metadata.url`'s.
 * No `metadata.url` is no mismatch (the modal then sends the page's own origin); a page without an
 * origin (`null`: `file:`, sandboxed frames) has nothing to compare.
 *
 * @param metadataUrl - The site's `metadata.url`.
 * @param pageOrigin - The page's `location.origin`.
 * @example isUnverifiedDomain('https://shop.example', 'https://staging.shop.example') // true
 */
export function isUnverifiedDomain(metadataUrl: string | undefined, pageOrigin: string | undefined): boolean {
  if (metadataUrl === undefined || !pageOrigin || pageOrigin === 'null') return false
  try {
    return new URL(metadataUrl).origin !== pageOrigin
  } catch {
    // Not a URL: no wallet can match it with any origin.
    return true
  }
}

/**
 * Shows the 'Unverified Domain' alert (spec §8) as a WalletConnect pairing starts, when the site's
 * `metadata.url` is not this page's origin ({@link isUnverifiedDomain}). An alert already shown
 * (a configuration error, say) stays: it says more.
 *
 * What the modal can honestly show of Verify is this one case. The Verify result itself
 * (`verifyContext.validation`: VALID, INVALID or UNKNOWN, and `isScam`) is computed by the wallet
 * from the Verify server and security vendors, and never reaches the site. The modal also skips
 * Verify's attestation (no vendor host is called; docs/guide/getting-started.md, "What leaves the visitor's browser"), so
 * wallets see UNKNOWN ("cannot verify") for any site on this modal whatever its configuration:
 * telling the visitor that would say nothing about this site, and it is not shown. A mismatch, on
 * the other hand, is a fact about this site's configuration that the modal can check itself, and
 * that makes the wallet show the visitor an address other than the page they are on.
 *
 * @returns whether the alert was shown
 */
export function showIfUnverifiedDomain(core: Core, pageOrigin: string | undefined = globalThis.location?.origin): boolean {
  if (core.alert.state.code || !isUnverifiedDomain(core.options.state.metadata.url, pageOrigin)) return false
  core.alert.show('UNVERIFIED_DOMAIN')
  return true
}
