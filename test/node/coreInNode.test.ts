// SSR safety: the built core imports and runs in Node (no window, no document, no localStorage).
import { test } from 'node:test'
import assert from 'node:assert/strict'

const BUILT_CORE = new URL('../../packages/core/dist/internal.js', import.meta.url).href
const BUILT_UI = new URL('../../packages/ui/dist/index.js', import.meta.url).href

test('importing and creating the core in Node touches no browser global', async () => {
  assert.equal(typeof (globalThis as { window?: unknown }).window, 'undefined')
  // The built package, as a site's server would load it (typed from the sources).
  const core: typeof import('@wallet-modal/core/internal') = await import(BUILT_CORE)
  const modal = core.createCore({
    projectId: 'ssr',
    networks: [
      { id: 1, name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['https://rpc.invalid'] } } }
    ]
  })
  assert.deepEqual(modal.getState(), { open: false, loading: false, selectedNetworkId: 'eip155:1', activeChain: 'eip155' })
  assert.equal(modal.getAccount().status, 'disconnected')
  modal.open()
  assert.equal(modal.router.state.view, 'Connect')
  modal.close()
  assert.equal(await modal.ready, false)
  modal.destroy()
  assert.throws(() => core.createCore({ projectId: '', networks: [] } as never), /A project id is required/)
})

test('the ui library entry imports in Node without registering anything', async () => {
  const ui: typeof import('@wallet-modal/ui') = await import(BUILT_UI)
  assert.equal(typeof ui.createWalletModal, 'function')
  assert.equal(typeof (globalThis as { customElements?: unknown }).customElements, 'undefined')
})

const BUILT_REACT = new URL('../../packages/react/dist/index.js', import.meta.url).href
const BUILT_WAGMI = new URL('../../packages/wagmi/dist/index.js', import.meta.url).href
const NETWORK = {
  id: 1,
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc.invalid'] } }
}

test("the React package renders on a server: the button markup, and the cookie's account when there is one", async () => {
  const { createElement } = await import('react')
  const { renderToString } = await import('react-dom/server')
  const r: typeof import('@wallet-modal/react') = await import(BUILT_REACT)
  const app = (initialState?: import('@wallet-modal/react').WalletModalInitialState) =>
    createElement(
      r.WalletModalProvider,
      { options: { projectId: 'ssr', networks: [NETWORK] }, initialState },
      createElement(r.ConnectButton, { label: 'Connect' })
    )
  const html = renderToString(app())
  assert.match(html, /^<connect-button label="Connect"><span data-wm-fallback="">Connect<\/span><\/connect-button>$/)
  // What the browser's cookieStorage wrote, read by the server from the Cookie header.
  const record = (value: unknown) => JSON.stringify({ value, timestamp: Date.now() })
  const cookie = `wallet-modal=${encodeURIComponent(
    JSON.stringify({
      '@wallet-modal/connection-status': record('connected'),
      '@wallet-modal/connected-connector-id/eip155': record('io.metamask'),
      '@wallet-modal/connected-address/eip155': record('eip155:1:0x70997970C51812dc3A010C7d01b50e44d4bFf2E3')
    })
  )}`
  const initialState = r.cookieToInitialState(`a=1; ${cookie}`)
  assert.deepEqual(initialState, {
    accounts: { eip155: 'eip155:1:0x70997970C51812dc3A010C7d01b50e44d4bFf2E3' },
    activeNamespace: undefined,
    activeNetworkId: undefined
  })
  assert.match(renderToString(app(initialState)), />0x7099…f2E3<\/span>/)
  assert.equal(typeof (globalThis as { window?: unknown }).window, 'undefined')
})

test('the wagmi connector is created in a server-side wagmi config without touching the browser', async () => {
  const { createConfig, http } = await import('@wagmi/core')
  const w: typeof import('@wallet-modal/wagmi') = await import(BUILT_WAGMI)
  const config = createConfig({
    chains: [NETWORK as never],
    transports: { 1: http('https://rpc.invalid') },
    connectors: [w.walletModalConnector({ projectId: 'ssr', networks: [NETWORK] })],
    storage: null
  })
  const connector = config.connectors.find(c => c.id === w.WALLET_MODAL_CONNECTOR_ID)!
  assert.equal(await connector.isAuthorized(), false)
  assert.deepEqual(await connector.getAccounts(), [])
  assert.equal(typeof (globalThis as { document?: unknown }).document, 'undefined')
})
