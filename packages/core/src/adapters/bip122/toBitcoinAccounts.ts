import type { BitcoinAccount } from '../ChainAdapter.js'

/** A BIP-32 derivation path such as `m/84'/0'/0'/0/0` (hardened steps with `'` or `h`), at most 10 steps. */
const BIP32_PATH = /^m(\/\d{1,10}['h]?){1,10}$/

/**
 * Spec §3 Bitcoin accounts from a sats-connect answer (payment index 0, ordinal index 1, spec §9):
 * other purposes and malformed entries are left out; a BIP-32 `derivationPath` is kept as `path`.
 * @example toBitcoinAccounts({ addresses: [{ address: 'bc1q…', publicKey: '02…', purpose: 'payment' }] })
 */
export function toBitcoinAccounts(raw: unknown): BitcoinAccount[] {
  // getAccounts answers a list; wallet_getAccount / wallet_connect an object with `addresses`.
  const list = Array.isArray(raw) ? raw : (raw as { addresses?: unknown } | undefined)?.addresses
  if (!Array.isArray(list)) return []
  return (
    list
      .filter(
        (a): a is { address: string; publicKey: string; purpose: string; derivationPath?: unknown } =>
          typeof a?.address === 'string' && typeof a?.publicKey === 'string' && (a.purpose === 'payment' || a.purpose === 'ordinals')
      )
      .map(a => ({
        namespace: 'bip122' as const,
        address: a.address,
        publicKey: a.publicKey,
        // sats-connect does not define a path; wallets that give one (as Leather's own API does,
        // `derivationPath`) have it kept when it is a BIP-32 path, and only then.
        ...(typeof a.derivationPath === 'string' && BIP32_PATH.test(a.derivationPath) ? { path: a.derivationPath } : {}),
        type: a.purpose === 'ordinals' ? ('ordinal' as const) : ('payment' as const)
      }))
      // Spec §9: the payment account is index 0 and the ordinals account index 1, whatever order
      // the wallet answered in (a stable sort keeps each kind's own order).
      .sort((x, y) => Number(x.type === 'ordinal') - Number(y.type === 'ordinal'))
  )
}
