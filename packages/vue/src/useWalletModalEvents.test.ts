import { test } from 'node:test'
import assert from 'node:assert/strict'
import { effectScope } from 'vue'
import { useWalletModalEvents } from './useWalletModalEvents.js'
import { ADDRESS, asBrowser, countSubscriptions, startRpc, TEST_WALLET, testModal, until } from '../../../test/bindings/testModal.js'

test('useWalletModalEvents holds the latest event with its time, and hears none once its scope ended', async () => {
  const rpc = await startRpc()
  const modal = testModal(rpc.url)
  const subscriptions = countSubscriptions(modal)
  const scope = effectScope()
  try {
    const event = asBrowser(() => scope.run(() => useWalletModalEvents({ modal }))!)
    assert.deepEqual({ ...event.value }, { data: undefined, timestamp: undefined })
    const before = Date.now()
    await modal.connect(TEST_WALLET)
    await until(() => event.value.data?.type === 'CONNECT_SUCCESS', 'the connect event')
    const data = event.value.data
    assert.equal(data?.type === 'CONNECT_SUCCESS' && data.data.address, ADDRESS)
    assert.ok(event.value.timestamp! >= before)
    scope.stop()
    assert.equal(subscriptions.count, 0)
    await modal.disconnect()
    assert.equal(event.value.data?.type, 'CONNECT_SUCCESS')
  } finally {
    scope.stop()
    modal.destroy()
    await rpc.close()
  }
})
