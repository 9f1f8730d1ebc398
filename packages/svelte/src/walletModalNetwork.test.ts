import { test } from 'node:test'
import assert from 'node:assert/strict'
import { get } from 'svelte/store'
import type { CaipNetwork } from '@wallet-modal/core'
import { walletModalNetwork } from './walletModalNetwork.js'
import { asBrowser, startRpc, TEST_WALLET, testModal, until } from '../../../test/bindings/testModal.js'

test("walletModalNetwork holds the active network and follows a switch, the connected wallet's too", async () => {
  const rpc = await startRpc()
  const modal = testModal(rpc.url)
  try {
    const store = asBrowser(() => walletModalNetwork(modal))
    let network: CaipNetwork | undefined
    const stop = store.subscribe(n => (network = n))
    try {
      assert.equal(network?.caipNetworkId, 'eip155:31337')
      await modal.switchNetwork('eip155:31338')
      await until(() => network?.caipNetworkId === 'eip155:31338', 'the switched network')
      assert.equal(network?.name, 'Devnet 2')
      await modal.connect(TEST_WALLET)
      await modal.switchNetwork('eip155:31337')
      await until(() => network?.id === 31337, 'the wallet switched back')
    } finally {
      stop()
    }
  } finally {
    modal.destroy()
    await rpc.close()
  }
})

test('walletModalNetwork without a modal holds none', () => {
  assert.equal(get(walletModalNetwork(undefined)), undefined)
})
