import { expect } from 'chai'
import { renderToString } from 'react-dom/server'
import type { Core, WalletModalOptions } from '@wallet-modal/core/internal'
import { devnetNetworks, memoryStorage, waitFor } from '@wallet-modal/devnet/testing'
import { WalletModalProvider, createWalletModal, useWalletInfo, type UseWalletInfo } from './exports/index.js'
import { reactPageEachTest } from './__fixtures__/reactPage.js'

const WALLET_ID = 'dev.wallet-modal.devnet'

/** Hands the hook's value to the test, and draws the wallet's name. */
function Probe({ seen }: { seen: { current?: UseWalletInfo; renders: number } }) {
  const info = useWalletInfo()
  seen.current = info
  seen.renders += 1
  return <output data-wallet={info.walletInfo?.name ?? 'none'} />
}

describe('useWalletInfo', () => {
  const page = reactPageEachTest()
  const options = (): WalletModalOptions => ({ projectId: 'react-test', networks: devnetNetworks(page.info), storage: memoryStorage(), enableInjected: false })

  it('is undefined on the server and before connecting; names the connected wallet with its icon; undefined again after disconnecting', async () => {
    expect(
      renderToString(
        <WalletModalProvider options={options()}>
          <Probe seen={{ renders: 0 }} />
        </WalletModalProvider>
      )
    ).to.include('data-wallet="none"')

    const modal = createWalletModal(options()) as Core
    page.track(modal)
    const seen: { current?: UseWalletInfo; renders: number } = { renders: 0 }
    page.mount(
      <WalletModalProvider modal={modal}>
        <Probe seen={seen} />
      </WalletModalProvider>
    )
    await waitFor(() => seen.current, 2000, 'the first render')
    expect(seen.current!.walletInfo).to.equal(undefined)

    await waitFor(() => modal.connector.get(WALLET_ID), 3000, 'the wallet announcement')
    await modal.connect(WALLET_ID)
    await waitFor(() => seen.current!.walletInfo, 3000, 'the wallet info')
    const { walletInfo } = seen.current!
    expect(walletInfo).to.deep.include({ id: WALLET_ID, name: 'Devnet Wallet', rdns: WALLET_ID })
    expect(walletInfo!.icon).to.match(/^data:image\//)
    await waitFor(() => page.container.querySelector('output')?.dataset.wallet === 'Devnet Wallet', 2000, 'the drawn name')

    // The balance landing changes the account, not the wallet: the same object.
    await waitFor(() => modal.getAccount().balance !== undefined, 3000, 'the balance')
    expect(seen.current!.walletInfo).to.equal(walletInfo)

    await modal.disconnect()
    await waitFor(() => seen.current!.walletInfo === undefined, 3000, 'the disconnect')
    expect(page.container.querySelector('output')!.dataset.wallet).to.equal('none')
  })

  it('outside the provider says so', () => {
    expect(() => renderToString(<Probe seen={{ renders: 0 }} />)).to.throw('useWalletInfo must be used inside <WalletModalProvider>')
  })
})
