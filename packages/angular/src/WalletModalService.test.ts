import { test } from 'node:test'
import assert from 'node:assert/strict'
import { computed } from '@angular/core'
import { WalletModalService } from './WalletModalService.js'
import { ADDRESS, asBrowser, countSubscriptions, startRpc, TEST_WALLET, testModal, until } from '../../../test/bindings/testModal.js'

test('the service follows a connect (balance and wallet too), the network, the modal, its events and theme, and stops when destroyed', async () => {
  const rpc = await startRpc()
  const modal = testModal(rpc.url)
  const subscriptions = countSubscriptions(modal)
  const wallet = asBrowser(() => new WalletModalService(modal))
  try {
    assert.equal(wallet.account().status, 'disconnected')
    assert.equal(wallet.network()?.caipNetworkId, 'eip155:31337')
    assert.equal(wallet.state().open, false)
    assert.deepEqual(wallet.lastEvent(), { data: undefined, timestamp: undefined })
    assert.equal(wallet.walletInfo(), undefined)
    // A computed over the signals, as a template reads them.
    const label = computed(() => (wallet.account().isConnected ? `${wallet.account().address} on ${wallet.network()?.name}` : 'Not connected'))
    assert.equal(label(), 'Not connected')

    await modal.connect(TEST_WALLET)
    await until(() => wallet.account().balance === '1.000', 'the connected account and its balance')
    assert.equal(label(), `${ADDRESS} on Devnet`)
    assert.equal(wallet.walletInfo()?.name, 'Test Wallet')
    const event = wallet.lastEvent().data
    assert.equal(event?.type === 'CONNECT_SUCCESS' && event.data.address, ADDRESS)

    // Opening the modal changes the state, not the account: the account signal keeps its value.
    const account = wallet.account()
    wallet.open()
    await until(() => wallet.state().open, 'the modal open')
    assert.equal(wallet.account(), account)
    assert.equal(wallet.lastEvent().data?.type, 'MODAL_OPEN')
    wallet.close()
    await until(() => !wallet.state().open, 'the modal closed')

    await wallet.switchNetwork('eip155:31338')
    await until(() => wallet.network()?.id === 31338, 'the switched network')
    assert.equal(wallet.state().selectedNetworkId, 'eip155:31338')

    wallet.setThemeMode('dark')
    await until(() => wallet.theme().themeMode === 'dark', 'the dark mode')
    wallet.setThemeVariables({ '--wm-accent': '#ff0000' })
    await until(() => wallet.theme().themeVariables['--wm-accent'] === '#ff0000', 'the accent')

    await wallet.disconnect()
    await until(() => wallet.account().status === 'disconnected', 'the disconnected account')
    assert.equal(label(), 'Not connected')

    wallet.destroy()
    assert.equal(subscriptions.count, 0)
    await modal.connect(TEST_WALLET)
    assert.equal(modal.getAccount().status, 'connected')
    assert.equal(wallet.account().status, 'disconnected')
  } finally {
    wallet.destroy()
    modal.destroy()
    await rpc.close()
  }
})

test('without a modal (a server render) the signals hold the server snapshot; actions say the modal exists only in the browser', async () => {
  const wallet = asBrowser(() => new WalletModalService(undefined))
  assert.deepEqual(wallet.account(), { isConnected: false, status: 'disconnected', namespace: 'eip155' })
  assert.equal(wallet.network(), undefined)
  assert.deepEqual(wallet.state(), { open: false, loading: false, selectedNetworkId: undefined, activeChain: 'eip155' })
  assert.deepEqual(wallet.theme(), { themeMode: 'light', themeVariables: {} })
  assert.throws(() => wallet.open(), /open\(\) needs the modal, which exists only in the browser/)
  await assert.rejects(wallet.disconnect(), /disconnect\(\) needs the modal/)
  await assert.rejects(wallet.switchNetwork('eip155:1'), /switchNetwork\(\) needs the modal/)
  wallet.close()
})
