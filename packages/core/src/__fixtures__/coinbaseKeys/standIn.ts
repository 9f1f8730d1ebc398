// A stand-in for Coinbase's keys popup (`keys.coinbase.com/connect`) for the browser tests: a real
// window the SDK opens (its `keysUrl` points here, served by the test runner) speaking the popup's
// side of the SDK's protocol (the devnet's startCoinbaseKeysPopup, which the demo's popup runs
// too). Behaviour comes from its URL: `mode` = approve (default) | reject (the connection is
// refused) | rejectSign (signatures are refused) | close (the person closes the popup before
// answering) | silent (never answers). Everything it sees is reported on the BroadcastChannel
// `coinbase-keys-stand-in`, where `{ type: 'close' }` closes it.
import { privateKeyToAccount } from 'viem/accounts'
import { startCoinbaseKeysPopup } from '@wallet-modal/devnet/testing'

/** Anvil's first development key (public knowledge): the account this stand-in "is". */
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const params = new URL(location.href).searchParams
const mode = params.get('mode') ?? 'approve'
const log = new BroadcastChannel('coinbase-keys-stand-in')

startCoinbaseKeysPopup({
  address: account.address,
  signMessage: raw => account.signMessage({ message: { raw } }),
  chainId: Number(params.get('chainId') ?? '31337'),
  rpcUrl: params.get('rpcUrl') ?? 'http://127.0.0.1:1/',
  // The SDK appends the site's origin to the popup's URL; only that origin is spoken to.
  siteOrigin: params.get('origin') ?? '',
  store: localStorage,
  report: event => log.postMessage(event),
  decide: async request => {
    if (mode === 'silent') return undefined
    if (mode === 'close') return 'close'
    if (mode === 'reject') return false
    return !(mode === 'rejectSign' && request.kind === 'sign')
  }
})
// The tests close the popups left open (a silent one) between tests.
log.onmessage = e => e.data?.type === 'close' && window.close()
