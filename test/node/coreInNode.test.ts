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
    networks: [{ id: 1, name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['https://rpc.invalid'] } } }]
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
