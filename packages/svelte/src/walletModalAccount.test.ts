import { test } from 'node:test'
import assert from 'node:assert/strict'
import { get } from 'svelte/store'
import type { AccountInfo } from '@wallet-modal/core'
import { walletModalAccount } from './walletModalAccount.js'
import { disconnect } from './disconnect.js'
import { ADDRESS, asBrowser, countSubscriptions, startRpc, TEST_WALLET, testModal, until } from '../../../test/bindings/testModal.js'

test('walletModalAccount follows a connect (balance and wallet too) and a disconnect, and subscribes to the modal only while it has subscribers', async () => {
  const rpc = await startRpc()
  const modal = testModal(rpc.url)
  const subscriptions = countSubscriptions(modal)
  try {
    const store = asBrowser(() => walletModalAccount(modal))
    assert.equal(subscriptions.count, 0, 'nothing subscribed before the store is read')
    assert.equal(get(store).status, 'disconnected')
    assert.equal(subscriptions.count, 0, 'a one-off read leaves nothing subscribed')

    const seen: AccountInfo[] = []
    const stop = store.subscribe(a => seen.push(a))
    assert.equal(subscriptions.count, 1)
    await modal.connect(TEST_WALLET)
    await until(() => seen.at(-1)?.balance === '1.000', 'the connected account and its balance')
    const account = seen.at(-1)!
    assert.equal(account.status, 'connected')
    assert.equal(account.address, ADDRESS)
    assert.equal(account.walletInfo?.name, 'Test Wallet')

    // Opening the modal changes the state, not the account: no new value.
    const count = seen.length
    modal.open()
    await new Promise(resolve => setImmediate(resolve))
    assert.equal(seen.length, count)
    modal.close()

    await disconnect(modal)
    await until(() => seen.at(-1)?.status === 'disconnected', 'the disconnected account')

    stop()
    assert.equal(subscriptions.count, 0, 'the last unsubscribe ends the subscription')
    const settled = seen.length
    await modal.connect(TEST_WALLET)
    await new Promise(resolve => setImmediate(resolve))
    assert.equal(seen.length, settled)
    // Read again, the store has the account of now.
    assert.equal(get(store).status, 'connected')
  } finally {
    modal.destroy()
    await rpc.close()
  }
})

test('disconnect without a modal (a server render) rejects, saying the modal exists only in the browser', async () => {
  await assert.rejects(disconnect(undefined), /disconnect\(\) needs the modal, which exists only in the browser/)
})
