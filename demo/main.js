// The demo site's own script: what any site writes to use the modal.
// The bootstrap: paints the button at once; the rest of the modal loads when the page is idle or the
// button is hovered, focused or clicked (`/dist/wallet-modal.js` is the whole modal in one go).
import { createWalletModal, loadSIWX } from '/dist/boot/boot.js'
// The devnet's chains (RPC URLs are proxied by the demo server, so they are same-origin).
import devnet from '/devnet-config.js'

// ?server=none: the page as a site with no server of its own sees it (README, "Three ways to run
// it"): WalletConnect over the WalletConnect network, the wallet list from the public registry,
// balances read from the chains. Offline, Connect says plainly that both are unreachable and the
// installed wallets still connect; online, ?projectId=<your WalletConnect Cloud project id> (one
// that allows this origin) pairs real phone wallets.
const params = new URLSearchParams(location.search)
const plainSite = params.get('server') === 'none'
const serviceUrl = plainSite ? undefined : devnet.serviceUrl
const projectId = (plainSite && params.get('projectId')) || 'demo'

// With the self-hosted wallet-modal server running, the modal reads the chains through its RPC
// proxy and gets the wallet directory, token balances and analytics from it.
const rpcUrl = c => (serviceUrl ? `${new URL('v1/', devnet.serviceUrl)}?chainId=eip155:${c.chainId}&projectId=demo` : c.rpcUrl)
const networks = devnet.chains.map(c => ({
  id: c.chainId,
  name: c.name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  // Two RPC endpoints of the same chain (the wallet-modal server's proxy and the demo server's own):
  // the modal ranks them (spec §9) and falls over to the other when one fails.
  rpcUrls: { default: { http: serviceUrl ? [rpcUrl(c), new URL(c.rpcUrl, location.origin).href] : [c.rpcUrl] } },
  // The demo server's small explorer: Account's "Block Explorer" opens the account there.
  blockExplorers: { default: { name: 'Devnet explorer', url: `${location.origin}/explorer/${c.chainId}` } },
  testnet: true
}))
// The local Solana network (read through the demo server's same-origin proxy) and Bitcoin
// Regtest (Bitcoin is read through the wallet only: no RPC).
if (devnet.solana) {
  networks.push({
    id: devnet.solana.caipNetworkId.split(':')[1],
    caipNetworkId: devnet.solana.caipNetworkId,
    chainNamespace: 'solana',
    name: devnet.solana.name,
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [devnet.solana.rpcUrl] } },
    testnet: true
  })
}
networks.push({
  id: '0f9188f13cb7b2c71f2a335e3a4fc328',
  caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
  chainNamespace: 'bip122',
  name: 'Bitcoin Regtest',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  testnet: true
})

// Sign-in with the wallet (SIWX) when opened with ?siwx=optional or ?siwx=required: sessions are
// verified and kept by the self-hosted server. Its code is a chunk loaded only then.
const siwxMode = new URLSearchParams(location.search).get('siwx')
let siwx
if ((siwxMode === 'optional' || siwxMode === 'required') && serviceUrl) {
  const { createServiceSIWX } = await loadSIWX()
  siwx = createServiceSIWX({ serviceUrl, projectId: 'demo', required: siwxMode === 'required', statement: 'Sign in to the wallet-modal demo.' })
}

// With ?siteWallets=1, the site's own wallets: a custom wallet the directory does not list, and a
// wallet handed over as an EIP-1193 provider (here a second Devnet Wallet, as a vendor SDK would).
let siteWallets = {}
if (new URLSearchParams(location.search).get('siteWallets') === '1') {
  const { createDevnetWallet, DEVNET_WALLET_ICON } = await import('/devnet-wallet.js')
  siteWallets = {
    customWallets: [{ id: 'devnet-web-wallet', name: 'Devnet Web Wallet', image_url: DEVNET_WALLET_ICON, homepage: `${location.origin}/wc-wallet/` }],
    connectors: [
      {
        id: 'devnet-sdk-wallet',
        name: 'Devnet SDK Wallet',
        imageUrl: DEVNET_WALLET_ICON,
        // Another anvil account than the Devnet Wallet's, so the two show apart (Account → Wallets).
        provider: createDevnetWallet({
          account: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
          chains: devnet.chains.map(c => ({ chainId: c.chainId, name: c.name, rpcUrl: c.rpcUrl }))
        })
      }
    ]
  }
}

// Without the wallet-modal server there is no blockchain data API: the site lists its tokens and the
// modal reads them (and the native coin) from each network's RPC (EVM: one Multicall3 call, which
// the devnet installs at its canonical address; Solana: one JSON-RPC batch).
const tokens = serviceUrl
  ? undefined
  : {
      ...Object.fromEntries(devnet.chains.map(c => [`eip155:${c.chainId}`, [{ address: devnet.tokens.DUSD }, { address: devnet.tokens.USDT }]])),
      ...(devnet.solana?.splMint ? { [devnet.solana.caipNetworkId]: { address: devnet.solana.splMint } } : {})
    }

// With ?legal=1, Connect asks the visitor to agree to the site's terms and privacy policy first
// (the demo's own page, same origin: http: is linked only on the page's own origin).
const legal =
  new URLSearchParams(location.search).get('legal') === '1'
    ? { termsConditionsUrl: new URL('/legal.html#terms', location.origin).href, privacyPolicyUrl: new URL('/legal.html#privacy', location.origin).href }
    : {}

// ?locale=fr starts the modal in French; without it, the page's language (English) decides.
const requestedLocale = new URLSearchParams(location.search).get('locale') ?? undefined
// ?networkSwitch=off: the site turns network switching off (`enableNetworkSwitch: false`): Account
// shows the network without opening the list, and switchNetwork (the buttons below) is refused.
const networkSwitch = params.get('networkSwitch') === 'off' ? { enableNetworkSwitch: false } : {}
// ?coinbase=1: the site offers Coinbase Wallet through Coinbase's SDK (`coinbaseWalletSDK`). Its
// popup is Coinbase's keys.coinbase.com, out of reach here: the devnet's stand-in at
// /coinbase-keys/ answers in its place (same protocol), on Devnet through the demo's RPC proxy.
const coinbaseChain = devnet.chains[0]
const coinbase =
  params.get('coinbase') === '1' && coinbaseChain
    ? {
        coinbaseWalletSDK: {
          options: 'smartWalletOnly',
          keysUrl: `${location.origin}/coinbase-keys/?chainId=${coinbaseChain.chainId}&rpcUrl=${encodeURIComponent(coinbaseChain.rpcUrl)}`
        }
      }
    : {}
const modal = createWalletModal({
  projectId,
  networks,
  metadata: { name: 'wallet-modal demo', url: location.origin },
  serviceUrl,
  tokens,
  featuredWalletIds: [],
  // The devnet's Safe{Wallet} stand-in may frame the demo as a Safe app (a self-hosted Safe{Wallet}
  // is named the same way); app.safe.global needs no entry.
  safeAppOrigins: devnet.safeUrl ? [new URL(devnet.safeUrl).origin] : [],
  siwx,
  locale: requestedLocale,
  ...siteWallets,
  ...legal,
  ...networkSwitch,
  ...coinbase,
  features: legal.termsConditionsUrl ? { legalCheckbox: true } : undefined
})
window.walletModal = modal

// The site owner's view of the analytics sink: GET /e on the wallet-modal server needs its read
// token, so the demo server reads it on the page's behalf (a token never belongs in a page).
if (serviceUrl) {
  document.getElementById('analytics').href = new URL('/analytics.json', location.origin).href
  document.getElementById('analytics-line').hidden = false
}

const $ = id => document.getElementById(id)
// The Safe{Wallet} stand-in, when the devnet runs it (and not when already inside it).
if (devnet.safeUrl && window.parent === window) {
  $('safe-link').href = new URL('/', devnet.safeUrl).href
  $('safe-card').hidden = false
}
// The Next.js example (React + wagmi), when `npm start` serves it.
if (devnet.nextUrl) {
  $('next-link').href = new URL('/', devnet.nextUrl).href
  $('next-card').hidden = false
}
$('open').addEventListener('click', () => modal.open())
$('networks').addEventListener('click', () => modal.open({ view: 'Networks' }))
$('switch-1').addEventListener('click', () => modal.switchNetwork('eip155:31337').catch(e => log('error', e.shortMessage ?? e.message)))
$('switch-2').addEventListener('click', () => modal.switchNetwork('eip155:31338').catch(e => log('error', e.shortMessage ?? e.message)))
$('disconnect').addEventListener('click', () => modal.disconnect())
$('sign-out').addEventListener('click', async () => {
  try {
    await modal.signOut()
    $('signed-in').textContent = 'signed out (the next connect asks again)'
    void askBackend()
  } catch (e) {
    $('signed-in').textContent = e.shortMessage ?? e.message ?? String(e)
  }
})
$('signed-in').textContent = siwx ? `not yet (sign-in ${siwxMode})` : 'sign-in off (open with ?siwx=optional or ?siwx=required)'
// What the demo site's own backend (GET /api/me on this page's server) makes of the visitor: it
// believes only the wallet-modal server's answer about the session token the page sends.
async function askBackend() {
  if (!siwx) return
  const account = modal.getAccount()
  const network = modal.getNetwork()?.caipNetworkId
  const [session] = account.isConnected && network ? await siwx.getSessions(network, account.address).catch(() => []) : []
  try {
    const response = await fetch('/api/me', { headers: session?.token ? { authorization: `Bearer ${session.token}` } : {}, signal: AbortSignal.timeout(8000) })
    const body = await response.json()
    $('backend-sees').textContent = body.signedIn
      ? `${body.address} on ${body.chainId}, until ${new Date(body.expiresAt).toLocaleString()}`
      : `not signed in (${body.reason ?? response.status})`
  } catch {
    $('backend-sees').textContent = 'the backend did not answer'
  }
}
$('backend-sees').textContent = siwx ? 'not signed in' : '–'
modal.subscribeEvents(e => {
  if (e.type === 'SIWX_AUTH_SUCCESS' || e.type === 'DISCONNECT_SUCCESS') void askBackend()
  if (e.type === 'SIWX_AUTH_SUCCESS') $('signed-in').textContent = `yes, ${e.data.address} on ${e.data.caipNetworkId}`
  if (e.type === 'SIWX_AUTH_ERROR') $('signed-in').textContent = `no: ${e.data.message}`
  if (e.type === 'DISCONNECT_SUCCESS' && siwx) $('signed-in').textContent = 'no (disconnected)'
})
// Signs with whatever wallet is active: personal_sign on EVM (extension or WalletConnect
// session), solana:signMessage on Solana, signMessage on Bitcoin.
$('sign').addEventListener('click', async () => {
  if (!modal.getAccount().address) return void ($('signature').textContent = 'Connect a wallet first')
  $('signature').textContent = 'Waiting for the wallet…'
  try {
    $('signature').textContent = await modal.signMessage('Hello from the wallet-modal demo')
  } catch (e) {
    $('signature').textContent = `Not signed: ${e.shortMessage ?? e.message ?? e}`
  }
})
// The devnet's faucet: 1 ETH and 100 DUSD (or 1 SOL) more for the connected account (a fresh
// e-mail account has none), through the demo server's RPC proxy to anvil or the local Solana
// network. DUSD comes from anvil account 4, funded with tokens at deployment.
const FAUCET_ACCOUNT = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'
$('faucet').addEventListener('click', async () => {
  const { address, namespace } = modal.getAccount()
  const network = modal.getNetwork()
  if ((namespace !== 'eip155' && namespace !== 'solana') || !address || !network) return void ($('sent').textContent = 'Connect an EVM or Solana account first')
  const call = (method, params) =>
    fetch(`/rpc/${namespace === 'solana' ? 'solana' : network.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })
    })
      .then(r => r.json())
      .then(j => j.result)
  try {
    if (namespace === 'solana') {
      await call('requestAirdrop', [address, 1_000_000_000])
      await modal.refreshBalance()
      return void ($('sent').textContent = `Added 1 test SOL to ${address} on ${network.name}`)
    }
    const balance = BigInt(await call('eth_getBalance', [address, 'latest']))
    await call('anvil_setBalance', [address, `0x${(balance + 10n ** 18n).toString(16)}`])
    // And 100 DUSD (6 decimals), from a devnet account that holds some (anvil signs for it).
    const hash = await call('eth_sendTransaction', [
      {
        from: FAUCET_ACCOUNT,
        to: devnet.tokens.DUSD,
        data: `0xa9059cbb${address.slice(2).toLowerCase().padStart(64, '0')}${(100n * 10n ** 6n).toString(16).padStart(64, '0')}`
      }
    ])
    for (let i = 0; i < 50 && !(await call('eth_getTransactionReceipt', [hash])); i++) await new Promise(r => setTimeout(r, 100))
    // The modal reads the new balance at once (Send checks it).
    await modal.refreshBalance()
    $('sent').textContent = `Added 1 test ETH and 100 DUSD to ${address} on ${network.name}`
  } catch (e) {
    $('sent').textContent = `Faucet failed: ${e.message ?? e}`
  }
})
// Sends a little of the active network's coin to a second devnet account (EVM and Solana).
const RECEIVERS = { eip155: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', solana: devnet.solana?.receiverAddress }
$('send').addEventListener('click', async () => {
  const ns = modal.getAccount().namespace
  const to = RECEIVERS[ns]
  if (!modal.getAccount().address || !to) return void ($('sent').textContent = 'Connect an EVM or Solana wallet first')
  $('sent').textContent = 'Waiting for the wallet…'
  try {
    $('sent').textContent = `${await modal.sendNative({ to, amount: '0.01' })} (0.01 to ${to})`
  } catch (e) {
    $('sent').textContent = `Not sent: ${e.shortMessage ?? e.message ?? e}`
  }
})
// EIP-5792: two DUSD transfers (1 and 2 DUSD) in one batch, approved once; the wallet says whether
// it can (wallet_getCapabilities), and the batch's status gives its one transaction.
const BATCH_RECEIVERS = ['0x976EA74026E726554dB657fA54763abd0C3a0aa9', '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955']
$('batch').addEventListener('click', async () => {
  const { address, namespace } = modal.getAccount()
  const provider = modal.getWalletProvider()
  const network = modal.getNetwork()
  if (namespace !== 'eip155' || !address || !provider || !network) return void ($('sent').textContent = 'Connect an EVM account first')
  const chainId = `0x${Number(network.id).toString(16)}`
  try {
    const capabilities = await provider.request({ method: 'wallet_getCapabilities', params: [address, [chainId]] }).catch(() => ({}))
    if (capabilities?.[chainId]?.atomic?.status !== 'supported')
      return void ($('sent').textContent = "This account cannot batch calls (an e-mail login's smart account can)")
    const transfer = (to, amount) => ({
      to: devnet.tokens.DUSD,
      data: `0xa9059cbb${to.slice(2).toLowerCase().padStart(64, '0')}${(amount * 10n ** 6n).toString(16).padStart(64, '0')}`
    })
    $('sent').textContent = 'Waiting for the wallet…'
    const { id } = await provider.request({
      method: 'wallet_sendCalls',
      params: [{ version: '2.0.0', chainId, from: address, atomicRequired: true, calls: [transfer(BATCH_RECEIVERS[0], 1n), transfer(BATCH_RECEIVERS[1], 2n)] }]
    })
    for (let i = 0; i < 100; i++) {
      const status = await provider.request({ method: 'wallet_getCallsStatus', params: [id] })
      if (status.status >= 200) {
        $('sent').textContent =
          `${status.receipts?.[0]?.transactionHash} (batch ${status.status === 200 ? 'confirmed' : 'reverted'}: 1 and 2 DUSD in one transaction)`
        return void (await modal.refreshBalance())
      }
      await new Promise(r => setTimeout(r, 250))
    }
    $('sent').textContent = 'The batch is still pending'
  } catch (e) {
    $('sent').textContent = `Not sent: ${e.shortMessage ?? e.message ?? e}`
  }
})
// "Play the hostile page": what a hostile site on an allowed origin would ask of the e-mail
// wallet. The secure frame shows all of it or refuses; this page can neither read nor press it.
const ATTACKER = '0x000000000000000000000000000000000000dEaD'
async function hostileRequest(method, params, out) {
  const { address, namespace } = modal.getAccount()
  const provider = modal.getWalletProvider()
  if (namespace !== 'eip155' || !address || !provider) return void ($(out).textContent = 'Log in by e-mail first (an EVM account)')
  $(out).textContent = 'Waiting for the wallet…'
  try {
    $(out).textContent = `${JSON.stringify(await provider.request({ method, params: params(address) }))} (the person approved it)`
  } catch (e) {
    $(out).textContent = `Not done: ${e.shortMessage ?? e.message ?? e}`
  }
}
const hiddenValue = from => [
  {
    from,
    to: devnet.tokens.DUSD,
    value: '0x2386f26fc10000',
    data: `0xa9059cbb${ATTACKER.slice(2).toLowerCase().padStart(64, '0')}${(10n ** 6n).toString(16).padStart(64, '0')}`
  }
]
$('attack-value').addEventListener('click', () => void hostileRequest('eth_sendTransaction', hiddenValue, 'sent'))
$('attack-permit').addEventListener(
  'click',
  () =>
    void hostileRequest(
      'eth_signTypedData_v4',
      owner => [
        owner,
        JSON.stringify({
          domain: { name: 'Dev USD', version: '1', chainId: Number(modal.getNetwork()?.id ?? 31337), verifyingContract: devnet.tokens.DUSD },
          types: {
            Permit: ['owner:address', 'spender:address', 'value:uint256', 'nonce:uint256', 'deadline:uint256'].map(f => ({
              name: f.split(':')[0],
              type: f.split(':')[1]
            }))
          },
          primaryType: 'Permit',
          message: {
            ...Object.fromEntries(Array.from({ length: 26 }, (_, i) => [`note${i}`, 'nothing to see'])),
            owner,
            spender: ATTACKER,
            value: '1000000000000',
            nonce: '0',
            deadline: '99999999999'
          }
        })
      ],
      'signature'
    )
)
// Asks, then draws a half-transparent decoy over the approval frame for five seconds (the
// classic clickjacking overlay; clicks pass through it): Approve stays off while it is there.
// The modal is a native dialog in the top layer, above any page z-index, so the decoy opens as a
// popover after it: the one way a page can still draw over the modal.
$('attack-cover').addEventListener('click', () => {
  void hostileRequest('eth_sendTransaction', hiddenValue, 'sent')
  const cover = () => {
    const frame = document.querySelector('wallet-modal')?.shadowRoot?.querySelector('iframe.wm-secure-frame')
    if (!frame) return void setTimeout(cover, 200)
    const box = frame.getBoundingClientRect()
    const decoy = Object.assign(document.createElement('div'), { textContent: 'Click Approve to claim your prize!', popover: 'manual' })
    Object.assign(decoy.style, {
      position: 'fixed',
      inset: 'auto',
      margin: '0',
      padding: '0',
      border: '0',
      left: `${box.left}px`,
      top: `${box.top}px`,
      width: `${box.width}px`,
      height: `${box.height}px`,
      zIndex: '2147483647',
      pointerEvents: 'none',
      background: 'rgba(255, 220, 0, 0.55)',
      font: 'bold 20px sans-serif',
      display: 'grid',
      placeItems: 'center'
    })
    document.body.append(decoy)
    decoy.showPopover()
    setTimeout(() => decoy.remove(), 5000)
  }
  setTimeout(cover, 1500)
})
// The namespace filter (spec §4): unticked families' wallets disappear from every list.
for (const box of document.querySelectorAll('input[name="namespace"]')) {
  box.addEventListener('change', () => {
    const on = [...document.querySelectorAll('input[name="namespace"]:checked')].map(b => b.value)
    modal.setNamespaceFilter(on.length === 3 ? undefined : on)
  })
}
// The language picker follows the modal's language (detected, or from ?locale=) and switches it.
const language = $('language')
language.value = requestedLocale ?? modal.getLocale()
language.addEventListener('change', () => void modal.setLocale(language.value).catch(err => console.warn(err)))
$('theme').addEventListener('click', () => {
  const dark = !document.body.classList.contains('dark')
  document.body.classList.toggle('dark', dark)
  modal.setThemeMode(dark ? 'dark' : 'light')
})

function render() {
  const a = modal.getAccount()
  $('status').textContent = a.status
  $('address').textContent = a.address ?? '–'
  $('network').textContent = modal.getNetwork()?.name ?? '–'
  $('balance').textContent = a.balance ? `${a.balance} ${a.balanceSymbol}` : '–'
  $('namespace').textContent = a.namespace
}
modal.subscribeState(render)
render()

function log(name, detail) {
  const li = document.createElement('li')
  // textContent only: event details come from wallets and are never rendered as HTML.
  // (A plain clock: the first toLocaleTimeString() call initialises Intl, about 20 ms.)
  li.textContent = `${new Date().toISOString().slice(11, 19)} ${name} ${detail ? JSON.stringify(detail) : ''}`
  $('events').prepend(li)
}
for (const name of ['wm-open', 'wm-close', 'wm-connect', 'wm-disconnect', 'wm-network-change', 'wm-account-change', 'wm-error']) {
  document.addEventListener(name, e => log(name, e.detail))
}
