import { expect } from 'chai'
import { createRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { setDefaultCore } from '@wallet-modal/ui'
import type { Core, WalletModalOptions } from '@wallet-modal/core/internal'
import { announceDevnetWallet, createDevnetWallet, devnetNetworks, getDevnet, memoryStorage, waitFor, type DevnetInfo } from '@wallet-modal/devnet/testing'
import { WalletModalProvider, createWalletModal, useWalletInfo, type UseWalletInfo } from './exports/index.js'

const WALLET_ID = 'dev.wallet-modal.devnet'

/** Hands the hook's value to the test, and draws the wallet's name. */
function Probe({ seen }: { seen: { current?: UseWalletInfo; renders: number } }) {
  const info = useWalletInfo()
  seen.current = info
  seen.renders += 1
  return <output data-wallet={info.walletInfo?.name ?? 'none'} />
}

describe('useWalletInfo', () => {
  let info: DevnetInfo
  let container: HTMLElement
  let root: Root | undefined
  let stopAnnounce: (() => void) | undefined
  const made: Core[] = []
  const options = (): WalletModalOptions => ({ projectId: 'react-test', networks: devnetNetworks(info), storage: memoryStorage(), enableInjected: false })

  before(async () => {
    info = await getDevnet()
  })
  beforeEach(() => {
    container = document.createElement('div')
    document.body.append(container)
    stopAnnounce = announceDevnetWallet(createDevnetWallet({ chains: info.chains, mode: 'approve', storage: memoryStorage() }), { setWindowEthereum: false })
  })
  afterEach(() => {
    root?.unmount()
    root = undefined
    container.remove()
    stopAnnounce?.()
    for (const m of made.splice(0)) m.destroy()
    setDefaultCore(undefined)
    for (const el of document.querySelectorAll('wallet-modal')) el.remove()
  })

  it('is undefined on the server and before connecting; names the connected wallet with its icon; undefined again after disconnecting', async () => {
    expect(
      renderToString(
        <WalletModalProvider options={options()}>
          <Probe seen={{ renders: 0 }} />
        </WalletModalProvider>
      )
    ).to.include('data-wallet="none"')

    const modal = createWalletModal(options()) as Core
    made.push(modal)
    const seen: { current?: UseWalletInfo; renders: number } = { renders: 0 }
    root = createRoot(container)
    root.render(
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
    await waitFor(() => container.querySelector('output')?.dataset.wallet === 'Devnet Wallet', 2000, 'the drawn name')

    // The balance landing changes the account, not the wallet: the same object.
    await waitFor(() => modal.getAccount().balance !== undefined, 3000, 'the balance')
    expect(seen.current!.walletInfo).to.equal(walletInfo)

    await modal.disconnect()
    await waitFor(() => seen.current!.walletInfo === undefined, 3000, 'the disconnect')
    expect(container.querySelector('output')!.dataset.wallet).to.equal('none')
  })

  it('outside the provider says so', () => {
    expect(() => renderToString(<Probe seen={{ renders: 0 }} />)).to.throw('useWalletInfo must be used inside <WalletModalProvider>')
  })
})
