import { test } from 'node:test'
import assert from 'node:assert/strict'
import { effectScope } from 'vue'
import { useWalletModalAccount } from './useWalletModalAccount.js'
import { useWalletInfo } from './useWalletInfo.js'
import { useDisconnect } from './useDisconnect.js'
import { ADDRESS, asBrowser, countSubscriptions, startRpc, TEST_WALLET, testModal, until, settled } from '../../../test/bindings/testModal.js'

test('useWalletModalAccount follows a connect (balance and wallet too) and a disconnect, keeps its value on unrelated changes, and stops with its scope', async () => {
  const rpc = await startRpc()
  const modal = testModal(rpc.url)
  const subscriptions = countSubscriptions(modal)
  const scope = effectScope()
  try {
    const { account, walletInfo, disconnect } = asBrowser(
      () => scope.run(() => ({ account: useWalletModalAccount({ modal }), ...useWalletInfo({ modal }), ...useDisconnect({ modal }) }))!
    )
    assert.equal(account.value.status, 'disconnected')
    assert.equal(account.value.address, undefined)
    assert.equal(walletInfo.value?.name, undefined)

    await modal.connect(TEST_WALLET)
    await until(() => account.value.status === 'connected', 'the connected account')
    assert.equal(account.value.address, ADDRESS)
    assert.equal(account.value.caipAddress, `eip155:31337:${ADDRESS}`)
    assert.equal(walletInfo.value?.name, 'Test Wallet')
    await until(() => account.value.balance === '1.000', 'the balance read from the network')
    assert.equal(account.value.balanceSymbol, 'ETH')

    // Opening the modal changes the state, not the account: the ref keeps its value.
    const before = account.value
    modal.open()
    await until(() => modal.getState().open, 'the modal open')
    await new Promise(resolve => setImmediate(resolve))
    assert.equal(account.value, before)
    modal.close()

    await disconnect()
    await until(() => account.value.status === 'disconnected', 'the disconnected account')
    assert.equal(account.value.address, undefined)
    assert.equal(walletInfo.value, undefined)

    // Once the scope ends, nothing is subscribed and the ref stays as it was.
    scope.stop()
    assert.equal(subscriptions.count, 0)
    await modal.connect(TEST_WALLET)
    assert.equal(modal.getAccount().status, 'connected')
    await settled()
    assert.equal(account.value.status, 'disconnected')
  } finally {
    scope.stop()
    modal.destroy()
    await rpc.close()
  }
})

test("useWalletModalAccount reads a namespace's account when asked", async () => {
  const rpc = await startRpc()
  const modal = testModal(rpc.url)
  const scope = effectScope()
  try {
    const account = asBrowser(() => scope.run(() => useWalletModalAccount({ modal, namespace: 'solana' }))!)
    await modal.connect(TEST_WALLET)
    assert.equal(modal.getAccount().status, 'connected')
    await settled()
    assert.equal(account.value.namespace, 'solana')
    assert.equal(account.value.status, 'disconnected')
  } finally {
    scope.stop()
    modal.destroy()
    await rpc.close()
  }
})

test('useDisconnect without a modal (a server render) rejects, saying the modal exists only in the browser', async () => {
  const { disconnect } = useDisconnect({ modal: undefined })
  await assert.rejects(disconnect(), /needs the modal, which exists only in the browser/)
})
