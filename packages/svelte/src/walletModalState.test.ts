import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { PublicState } from '@wallet-modal/core'
import { walletModalState } from './walletModalState.js'
import { asBrowser, startRpc, testModal, until } from '../../../test/bindings/testModal.js'

test('walletModalState follows the modal opening and closing, and the selected network', async () => {
  const rpc = await startRpc()
  const modal = testModal(rpc.url)
  try {
    const store = asBrowser(() => walletModalState(modal))
    let state: PublicState | undefined
    const stop = store.subscribe(s => (state = s))
    try {
      assert.deepEqual(state, { open: false, loading: false, selectedNetworkId: 'eip155:31337', activeChain: 'eip155' })
      modal.open()
      await until(() => state?.open === true, 'the modal open')
      modal.close()
      await until(() => state?.open === false, 'the modal closed')
      await modal.switchNetwork('eip155:31338')
      await until(() => state?.selectedNetworkId === 'eip155:31338', 'the selected network')
    } finally {
      stop()
    }
  } finally {
    modal.destroy()
    await rpc.close()
  }
})
