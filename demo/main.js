// The demo site's own script: what any site writes to use the modal.
import { createWalletModal } from '/dist/wallet-modal.js'
// The devnet's chains (RPC URLs are proxied by the demo server, so they are same-origin).
import devnet from '/devnet-config.js'

// With the self-hosted wallet-modal server running, the modal reads the chains through its RPC
// proxy and gets the wallet directory, token balances and analytics from it.
const rpcUrl = c => (devnet.serviceUrl ? `${new URL('v1/', devnet.serviceUrl)}?chainId=eip155:${c.chainId}&projectId=demo` : c.rpcUrl)
const networks = devnet.chains.map(c => ({
  id: c.chainId,
  name: c.name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [rpcUrl(c)] } },
  testnet: true
}))

const modal = createWalletModal({
  projectId: 'demo',
  networks,
  metadata: { name: 'wallet-modal demo', url: location.origin },
  serviceUrl: devnet.serviceUrl,
  featuredWalletIds: []
})
window.walletModal = modal

// The site owner's view of the analytics sink (GET /e on the wallet-modal server).
if (devnet.serviceUrl) {
  const events = new URL('e', devnet.serviceUrl.endsWith('/') ? devnet.serviceUrl : `${devnet.serviceUrl}/`)
  for (const [k, v] of Object.entries({ projectId: 'demo', st: 'demo', sv: 'demo', limit: '50' })) events.searchParams.set(k, v)
  document.getElementById('analytics').href = events.href
  document.getElementById('analytics-line').hidden = false
}

const $ = id => document.getElementById(id)
$('open').addEventListener('click', () => modal.open())
$('networks').addEventListener('click', () => modal.open({ view: 'Networks' }))
$('switch-1').addEventListener('click', () => modal.switchNetwork('eip155:31337').catch(e => log('error', e.shortMessage ?? e.message)))
$('switch-2').addEventListener('click', () => modal.switchNetwork('eip155:31338').catch(e => log('error', e.shortMessage ?? e.message)))
$('disconnect').addEventListener('click', () => modal.disconnect())
// personal_sign through whatever wallet is connected (extension or WalletConnect session).
$('sign').addEventListener('click', async () => {
  const provider = modal.getWalletProvider()
  const address = modal.getAccount().address
  if (!provider || !address) return void ($('signature').textContent = 'Connect a wallet first')
  const message = 'Hello from the wallet-modal demo'
  const hex = '0x' + [...new TextEncoder().encode(message)].map(b => b.toString(16).padStart(2, '0')).join('')
  $('signature').textContent = 'Waiting for the wallet…'
  try {
    $('signature').textContent = await provider.request({ method: 'personal_sign', params: [hex, address] })
  } catch (e) {
    $('signature').textContent = `Not signed: ${e.message ?? e}`
  }
})
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
