// The demo's stand-in for Coinbase's keys popup: the page the Coinbase Wallet SDK opens when the
// demo sets `coinbaseWalletSDK` (`/?coinbase=1`), since keys.coinbase.com is not reachable here.
// It holds a devnet account and asks the person, with Approve and Reject buttons, before it
// connects or signs; the protocol is startCoinbaseKeysPopup's.
import { privateKeyToAccount } from 'viem/accounts'
import { startCoinbaseKeysPopup, type CoinbaseKeysRequest } from './coinbaseKeysPopup.js'
import { COINBASE_STAND_IN_KEY } from './coinbaseStandInAccount.js'

const account = privateKeyToAccount(COINBASE_STAND_IN_KEY)
const params = new URL(location.href).searchParams
const $ = (id: string) => document.getElementById(id)!

$('address').textContent = account.address

/** Shows a request and waits for the person's answer. */
function ask(request: CoinbaseKeysRequest): Promise<boolean> {
  const title = $('request-title')
  const detail = $('request-detail')
  if (request.kind === 'connect') {
    title.textContent = 'Connect to this site?'
    detail.textContent = `${request.site} asks for your address (${account.address}).`
  } else if (request.kind === 'sign') {
    title.textContent = 'Sign this message?'
    detail.textContent = request.message
  } else {
    title.textContent = `${request.method}?`
    detail.textContent = ''
  }
  $('request').hidden = false
  $('waiting').hidden = true
  const approve = $('approve') as HTMLButtonElement
  const reject = $('reject') as HTMLButtonElement
  // The question takes focus, not Approve: one stray Enter must not sign.
  approve.disabled = reject.disabled = false
  title.focus()
  return new Promise(resolve => {
    const done = (ok: boolean) => {
      approve.onclick = reject.onclick = null
      approve.disabled = reject.disabled = true
      resolve(ok)
    }
    approve.onclick = () => done(true)
    reject.onclick = () => done(false)
  })
}

try {
  startCoinbaseKeysPopup({
    address: account.address,
    signMessage: raw => account.signMessage({ message: { raw } }),
    chainId: Number(params.get('chainId') ?? '31337'),
    rpcUrl: params.get('rpcUrl') ?? new URL('/rpc/31337', location.origin).href,
    // The SDK names the site's origin in the popup's URL; only that window is spoken to.
    siteOrigin: params.get('origin') ?? '',
    store: localStorage,
    decide: ask
  })
} catch (error) {
  $('waiting').textContent = error instanceof Error ? error.message : String(error)
}
