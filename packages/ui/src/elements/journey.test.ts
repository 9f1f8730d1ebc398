// The modal driven through its UI (clicks inside the shadow root) against the Devnet Wallet and
// real anvil chains: what a site listening to the DOM events observes.
import { expect } from 'chai'
import { cleanup, findButton, makeModal, modalRoot, waitFor, getDevnet } from '../__fixtures__/setup.js'
import { announceDevnetWallet, createDevnetWallet } from '@wallet-modal/devnet/testing'

describe('<wallet-modal> journey on the devnet', () => {
  let stop: (() => void) | undefined
  afterEach(() => {
    cleanup()
    stop?.()
  })

  it('connect, switch, disconnect and a rejection, seen as wm-* DOM events and on screen', async () => {
    const info = await getDevnet()
    const wallet = createDevnetWallet({ chains: info.chains, mode: 'reject', storage: null })
    stop = announceDevnetWallet(wallet, { setWindowEthereum: false })
    const events: string[] = []
    const names = ['wm-open', 'wm-close', 'wm-connect', 'wm-disconnect', 'wm-network-change', 'wm-error']
    const record = (e: Event) => events.push(e.type)
    for (const n of names) document.addEventListener(n, record)
    try {
      const modal = await makeModal({ enableInjected: false })
      modal.open()
      const item = await waitFor(() => findButton(modalRoot(), /Devnet Wallet/), 3000, 'the wallet in the list')
      // Whether the dialog ever carries the shake class (watched, not sampled: it lasts 500 ms).
      let shook = false
      const watch = new MutationObserver(() => void (shook ||= !!modalRoot().querySelector('.wm-dialog.wm-shake')))
      watch.observe(modalRoot(), { subtree: true, attributes: true, attributeFilter: ['class'] })
      item.click()
      await waitFor(() => modalRoot().textContent?.includes('Connection rejected'), 3000, "'Connection rejected'")
      // The refused action shook the dialog (spec §3), which stops after 500 ms.
      await waitFor(() => shook, 2000, 'the dialog to shake')
      await waitFor(() => modalRoot().querySelector('.wm-dialog.wm-shake') === null, 2000, 'the shake to stop')
      watch.disconnect()
      expect(modalRoot().querySelector('h2')!.textContent).to.equal('Devnet Wallet')
      wallet.setMode('approve')
      findButton(modalRoot(), 'Try again')!.click()
      await waitFor(() => !modal.modal.state.open, 3000, 'the modal to close after connecting')
      modal.open()
      await waitFor(() => modalRoot().querySelector('h2')?.textContent === 'Account')
      await waitFor(() => modalRoot().querySelector('[data-testid="account-balance"]')?.textContent?.endsWith(' ETH'), 3000, 'balance')
      findButton(modalRoot(), /^Network: Devnet\./)!.click()
      await waitFor(() => modalRoot().querySelector('h2')?.textContent === 'Choose Network')
      const current = await waitFor(
        () => {
          const names = [...modalRoot().querySelectorAll('[aria-current="true"] .wm-name')].map(b => b.textContent)
          return names.length ? names : undefined
        },
        3000,
        'the network list'
      )
      expect(current).to.deep.equal(['Devnet'])
      findButton(modalRoot(), 'Devnet 2')!.click()
      await waitFor(() => modalRoot().querySelector('h2')?.textContent === 'Account', 3000, 'back on Account')
      expect(modal.getNetwork()?.name).to.equal('Devnet 2')
      findButton(modalRoot(), 'Disconnect')!.click()
      await waitFor(() => modal.getAccount().status === 'disconnected')
      expect(events).to.deep.equal(['wm-open', 'wm-error', 'wm-connect', 'wm-close', 'wm-open', 'wm-network-change', 'wm-disconnect', 'wm-close'])
    } finally {
      for (const n of names) document.removeEventListener(n, record)
    }
  })

  it("shows 'Balance unavailable' when the site's RPC fails", async () => {
    const info = await getDevnet()
    const wallet = createDevnetWallet({ chains: info.chains, mode: 'approve', storage: null })
    stop = announceDevnetWallet(wallet, { setWindowEthereum: false })
    const networks = info.chains.map(c => ({
      id: c.chainId,
      name: c.name,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [`${location.origin}/__fault?key=ui-rpc-${Date.now()}&status=503`] } }
    }))
    const modal = await makeModal({ enableInjected: false, networks })
    await waitFor(() => modal.connector.get('dev.wallet-modal.devnet'))
    await modal.connect('dev.wallet-modal.devnet')
    modal.open()
    await waitFor(() => modalRoot().querySelector('[data-testid="account-balance"]')?.textContent === 'Balance unavailable', 5000, "'Balance unavailable'")
    expect(modalRoot().querySelector('[data-testid="account-address"]')!.getAttribute('title')!.toLowerCase()).to.equal(info.walletAccount.toLowerCase())
  })

  it("links the account's page on its network's block explorer, following a network switch; no link where the network names none", async () => {
    const info = await getDevnet()
    const wallet = createDevnetWallet({ chains: info.chains, mode: 'approve', storage: null })
    stop = announceDevnetWallet(wallet, { setWindowEthereum: false })
    const networks = info.chains.map((c, i) => ({
      id: c.chainId,
      name: c.name,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [c.rpcUrl] } },
      ...(i === 0 ? { blockExplorers: { default: { name: 'Scan', url: 'https://scan.example/devnet/' } } } : {})
    }))
    const modal = await makeModal({ enableInjected: false, networks })
    await waitFor(() => modal.connector.get('dev.wallet-modal.devnet'))
    await modal.connect('dev.wallet-modal.devnet')
    modal.open()
    const link = await waitFor(() => modalRoot().querySelector<HTMLAnchorElement>('[data-testid="account-explorer"]'), 3000, 'the explorer link')
    expect(link.textContent).to.equal('Block Explorer')
    expect(link.href.toLowerCase()).to.equal(`https://scan.example/devnet/address/${info.walletAccount}`.toLowerCase())
    expect([link.target, link.rel]).to.deep.equal(['_blank', 'noopener noreferrer'])
    expect(modal.getAccount().addressExplorerUrl).to.equal(link.href)
    await modal.switchNetwork(`eip155:${info.chains[1]!.chainId}`)
    await waitFor(() => modalRoot().querySelector('[data-testid="account-explorer"]') === null, 3000, 'no link on a network without an explorer')
    expect(modal.getAccount().addressExplorerUrl).to.equal(undefined)
  })
})
