import { test } from 'node:test'
import assert from 'node:assert/strict'
import { effectScope } from 'vue'
import { useWalletModalState } from './useWalletModalState.js'
import { useWalletModal } from './useWalletModal.js'
import { asBrowser, startRpc, testModal, until } from '../../../test/bindings/testModal.js'

test('useWalletModalState follows the modal opening and closing through useWalletModal, and the selected network', async () => {
  const rpc = await startRpc()
  const modal = testModal(rpc.url)
  const scope = effectScope()
  try {
    const { state, open, close } = asBrowser(() => scope.run(() => ({ state: useWalletModalState({ modal }), ...useWalletModal({ modal }) }))!)
    assert.deepEqual(state.value, { open: false, loading: false, selectedNetworkId: 'eip155:31337', activeChain: 'eip155' })
    open()
    await until(() => state.value.open, 'the modal open')
    close()
    await until(() => !state.value.open, 'the modal closed')
    await modal.switchNetwork('eip155:31338')
    await until(() => state.value.selectedNetworkId === 'eip155:31338', 'the selected network')
  } finally {
    scope.stop()
    modal.destroy()
    await rpc.close()
  }
})

test('useWalletModal without a modal: open() throws, saying why; close() does nothing', () => {
  const { modal, open, close } = useWalletModal({ modal: undefined })
  assert.equal(modal, undefined)
  assert.throws(() => open(), /open\(\) needs the modal, which exists only in the browser/)
  close()
})
