import { test } from 'node:test'
import assert from 'node:assert/strict'
import { walletModalEvents } from './walletModalEvents.js'
import type { LatestModalEvent } from '@wallet-modal/core/internal'
import { ADDRESS, asBrowser, countSubscriptions, startRpc, TEST_WALLET, testModal, until, settled } from '../../../test/bindings/testModal.js'

test('walletModalEvents holds the latest event with its time while read, and hears none once unsubscribed', async () => {
  const rpc = await startRpc()
  const modal = testModal(rpc.url)
  const subscriptions = countSubscriptions(modal)
  try {
    const store = asBrowser(() => walletModalEvents(modal))
    let latest: LatestModalEvent | undefined
    const stop = store.subscribe(e => (latest = e))
    assert.deepEqual({ ...latest }, { data: undefined, timestamp: undefined })
    const before = Date.now()
    await modal.connect(TEST_WALLET)
    await until(() => latest?.data?.type === 'CONNECT_SUCCESS', 'the connect event')
    const data = latest?.data
    assert.equal(data?.type === 'CONNECT_SUCCESS' && data.data.address, ADDRESS)
    assert.ok(latest!.timestamp! >= before)
    stop()
    assert.equal(subscriptions.count, 0)
    await modal.disconnect()
    await settled()
    assert.equal(latest?.data?.type, 'CONNECT_SUCCESS')
  } finally {
    modal.destroy()
    await rpc.close()
  }
})
