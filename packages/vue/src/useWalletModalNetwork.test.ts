import { test } from 'node:test'
import assert from 'node:assert/strict'
import { effectScope } from 'vue'
import { useWalletModalNetwork } from './useWalletModalNetwork.js'
import { asBrowser, startRpc, TEST_WALLET, testModal, until } from '../../../test/bindings/testModal.js'

test("useWalletModalNetwork shows the active network and follows a switch, the connected wallet's too", async () => {
  const rpc = await startRpc()
  const modal = testModal(rpc.url)
  const scope = effectScope()
  try {
    const { caipNetwork, caipNetworkId, chainId, switchNetwork } = asBrowser(() => scope.run(() => useWalletModalNetwork({ modal }))!)
    assert.equal(caipNetwork.value?.name, 'Devnet')
    assert.equal(caipNetworkId.value, 'eip155:31337')
    assert.equal(chainId.value, 31337)

    await switchNetwork('eip155:31338')
    await until(() => caipNetworkId.value === 'eip155:31338', 'the switched network')
    assert.equal(caipNetwork.value?.name, 'Devnet 2')
    assert.equal(chainId.value, 31338)

    await modal.connect(TEST_WALLET)
    await switchNetwork('eip155:31337')
    await until(() => chainId.value === 31337, 'the wallet switched back')
    assert.equal(modal.getNetwork()?.caipNetworkId, 'eip155:31337')
  } finally {
    scope.stop()
    modal.destroy()
    await rpc.close()
  }
})

test('useWalletModalNetwork without a modal shows no network and its switch rejects', async () => {
  const { caipNetwork, caipNetworkId, switchNetwork } = useWalletModalNetwork({ modal: undefined })
  assert.equal(caipNetwork.value, undefined)
  assert.equal(caipNetworkId.value, undefined)
  await assert.rejects(switchNetwork('eip155:1'), /switchNetwork\(\) needs the modal/)
})
