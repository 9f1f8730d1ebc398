import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createApp, createSSRApp, defineComponent, effectScope, h } from 'vue'
import { renderToString } from 'vue/server-renderer'
import { createWalletModalPlugin, provideWalletModal } from './provideWalletModal.js'
import { useWalletModalAccount } from './useWalletModalAccount.js'
import { useWalletModalNetwork } from './useWalletModalNetwork.js'
import { useWalletModalState } from './useWalletModalState.js'
import { ADDRESS, asBrowser, countSubscriptions, returningVisitor, startRpc, TEST_WALLET, testModal, until } from '../../../test/bindings/testModal.js'

/** A component that prints what the composables say. */
const Account = defineComponent({
  setup() {
    const account = useWalletModalAccount()
    const { caipNetwork } = useWalletModalNetwork()
    const state = useWalletModalState()
    return () => h('p', `${account.value.status} ${account.value.address ?? '-'} ${caipNetwork.value?.name ?? '-'} ${state.value.selectedNetworkId ?? '-'}`)
  }
})

test("with the plugin the composables read the app's modal, and one given to them wins", async () => {
  const rpc = await startRpc()
  const modal = testModal(rpc.url)
  const other = testModal(rpc.url)
  const app = createApp({}).use(createWalletModalPlugin(modal))
  const scope = effectScope()
  try {
    const { fromApp, given } = asBrowser(() =>
      app.runWithContext(() => scope.run(() => ({ fromApp: useWalletModalAccount(), given: useWalletModalAccount({ modal: other }) }))!)
    )
    await modal.connect(TEST_WALLET)
    await until(() => fromApp.value.address === ADDRESS, "the app's modal's account")
    assert.equal(given.value.status, 'disconnected')
  } finally {
    scope.stop()
    modal.destroy()
    other.destroy()
    await rpc.close()
  }
})

test('provideWalletModal gives the modal to the components below', async () => {
  const rpc = await startRpc()
  const modal = testModal(rpc.url)
  try {
    const Parent = defineComponent({
      setup() {
        provideWalletModal(modal)
        return () => h(Account)
      }
    })
    // A server render of a Node-built modal: what it shows, and that it subscribed to nothing.
    const subscriptions = countSubscriptions(modal)
    const html = await renderToString(createSSRApp(Parent))
    assert.equal(html, '<p>disconnected - Devnet eip155:31337</p>')
    assert.equal(subscriptions.count, 0)
  } finally {
    modal.destroy()
    await rpc.close()
  }
})

test("a server render (Nuxt: no modal on the server) shows the cookie's returning visitor as reconnecting and subscribes to nothing", async () => {
  const initialState = returningVisitor()
  const withoutModal = await renderToString(createSSRApp(Account).use(createWalletModalPlugin(undefined, { initialState })))
  assert.equal(withoutModal, `<p>reconnecting ${ADDRESS} - eip155:31338</p>`)
  // With a modal built in Node, the network's name too (and still no subscription).
  const rpc = await startRpc()
  const modal = testModal(rpc.url)
  const subscriptions = countSubscriptions(modal)
  try {
    const withModal = await renderToString(createSSRApp(Account).use(createWalletModalPlugin(modal, { initialState })))
    assert.equal(withModal, `<p>reconnecting ${ADDRESS} Devnet 2 eip155:31338</p>`)
    assert.equal(subscriptions.count, 0)
  } finally {
    modal.destroy()
    await rpc.close()
  }
})

test('a composable with no modal given and no plugin says what to do', () => {
  assert.throws(() => useWalletModalAccount(), /useWalletModalAccount: no wallet modal\. Pass \{ modal \}, or install createWalletModalPlugin\(modal\)/)
})
