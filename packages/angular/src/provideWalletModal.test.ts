import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createEnvironmentInjector, Injector, PLATFORM_ID, type EnvironmentInjector, type Provider } from '@angular/core'
import { provideWalletModal } from './provideWalletModal.js'
import { WalletModalService } from './WalletModalService.js'
import { ADDRESS, asBrowser, countSubscriptions, returningVisitor, startRpc, TEST_WALLET, testModal, until } from '../../../test/bindings/testModal.js'

/** An application's environment injector over `providers`, as bootstrapApplication makes one. */
const injectorOf = (providers: Provider[]): EnvironmentInjector =>
  createEnvironmentInjector(providers, Injector.create({ providers: [] }) as EnvironmentInjector)

test('provideWalletModal gives components one service over the modal, which stops following it when the injector is destroyed', async () => {
  const rpc = await startRpc()
  const modal = testModal(rpc.url)
  const subscriptions = countSubscriptions(modal)
  const injector = injectorOf([{ provide: PLATFORM_ID, useValue: 'browser' }, provideWalletModal(modal)])
  try {
    const wallet = asBrowser(() => injector.get(WalletModalService))
    assert.equal(injector.get(WalletModalService), wallet)
    assert.equal(wallet.modal, modal)
    await modal.connect(TEST_WALLET)
    await until(() => wallet.account().address === ADDRESS, 'the connected account')
    injector.destroy()
    assert.equal(subscriptions.count, 0)
  } finally {
    if (!injector.destroyed) injector.destroy()
    modal.destroy()
    await rpc.close()
  }
})

test("on the server platform (Angular SSR) the service shows the cookie's returning visitor as reconnecting and subscribes to nothing", async () => {
  const initialState = returningVisitor()
  const rpc = await startRpc()
  const modal = testModal(rpc.url)
  const subscriptions = countSubscriptions(modal)
  // Even with browser globals about (a DOM shim), the platform decides.
  const injector = injectorOf([{ provide: PLATFORM_ID, useValue: 'server' }, provideWalletModal(modal, { initialState })])
  try {
    const wallet = asBrowser(() => injector.get(WalletModalService))
    assert.equal(wallet.account().status, 'reconnecting')
    assert.equal(wallet.account().address, ADDRESS)
    assert.equal(wallet.network()?.name, 'Devnet 2')
    assert.equal(wallet.state().selectedNetworkId, 'eip155:31338')
    assert.equal(subscriptions.count, 0)
  } finally {
    injector.destroy()
    modal.destroy()
    await rpc.close()
  }
})
