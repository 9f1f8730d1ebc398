import { expect } from 'chai'
import { StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { getDefaultCore, setDefaultCore } from '@wallet-modal/ui'
import {
  cookieStorage,
  cookieToInitialState,
  WALLET_MODAL_COOKIE,
  type Core,
  type WalletModalInitialState,
  type WalletModalOptions
} from '@wallet-modal/core/internal'
import { devnetNetworks, memoryStorage, waitFor } from '@wallet-modal/devnet/testing'
import { reactPageEachTest } from './__fixtures__/reactPage.js'
import {
  ConnectButton,
  WalletModalProvider,
  createWalletModal,
  useDisconnect,
  useWalletModal,
  useWalletModalAccount,
  useWalletModalEvents,
  useWalletModalNetwork,
  useWalletModalProvider,
  useWalletModalState,
  useWalletModalTheme
} from './exports/index.js'

const WALLET_ID = 'dev.wallet-modal.devnet'

/** What the hooks say, written where the test can read it; counts its renders. */
function Probe({ renders }: { renders: { count: number } }) {
  renders.count += 1
  const account = useWalletModalAccount()
  const { caipNetworkId } = useWalletModalNetwork()
  const state = useWalletModalState()
  const { walletProvider } = useWalletModalProvider('eip155')
  const { data } = useWalletModalEvents()
  return (
    <output
      data-status={account.status}
      data-address={account.address ?? ''}
      data-network={caipNetworkId ?? ''}
      data-open={String(state.open)}
      data-provider={walletProvider ? 'yes' : 'no'}
      data-event={data?.type ?? ''}
    />
  )
}

/** Exposes the action hooks to the test. */
function Actions({
  into
}: {
  into: {
    current?: {
      open: ReturnType<typeof useWalletModal>
      network: ReturnType<typeof useWalletModalNetwork>
      disconnect: ReturnType<typeof useDisconnect>
      theme: ReturnType<typeof useWalletModalTheme>
    }
  }
}) {
  into.current = { open: useWalletModal(), network: useWalletModalNetwork(), disconnect: useDisconnect(), theme: useWalletModalTheme() }
  return <i data-theme={into.current.theme.themeMode} />
}

/** Only the theme: must not re-render when the account changes. */
function ThemeOnly({ renders }: { renders: { count: number } }) {
  renders.count += 1
  const { themeMode } = useWalletModalTheme()
  return <b data-mode={themeMode} />
}

describe('@wallet-modal/react (React 19)', () => {
  // The wallet keeps its state in the page's storage: the reload test restores from it.
  const page = reactPageEachTest({ walletStorage: 'page' })

  const options = (extra: Partial<WalletModalOptions> = {}): WalletModalOptions => ({
    projectId: 'react-test',
    networks: devnetNetworks(page.info),
    storage: memoryStorage(),
    enableInjected: false,
    ...extra
  })
  const probe = () => page.container.querySelector('output')!
  const render = page.mount

  afterEach(() => {
    document.cookie = `${WALLET_MODAL_COOKIE}=; Path=/; Max-Age=0`
    for (const k of Object.keys(localStorage)) if (k.startsWith('devnet-wallet')) localStorage.removeItem(k)
  })

  it('hooks follow the modal: connect, network switch, theme, events, provider, disconnect; a component re-renders only for what it reads', async () => {
    const modal = createWalletModal(options()) as Core
    page.track(modal)
    const renders = { count: 0 }
    const themeRenders = { count: 0 }
    const actions: Parameters<typeof Actions>[0]['into'] = {}
    render(
      <WalletModalProvider modal={modal}>
        <Probe renders={renders} />
        <ThemeOnly renders={themeRenders} />
        <Actions into={actions} />
      </WalletModalProvider>
    )
    await waitFor(() => probe()?.dataset.status === 'disconnected', 2000, 'the first render')
    expect(probe().dataset.network).to.equal(`eip155:${page.info.chains[0]!.chainId}`)
    expect(probe().dataset.provider).to.equal('no')

    actions.current!.open.open({ view: 'Connect' })
    await waitFor(() => probe().dataset.open === 'true', 2000, 'open state')
    await waitFor(() => modal.connector.get(WALLET_ID), 3000, 'the wallet announcement')
    const themeRendersBefore = themeRenders.count
    await modal.connect(WALLET_ID)
    await waitFor(() => probe().dataset.status === 'connected', 3000, 'the connected account')
    expect(probe().dataset.address!.toLowerCase()).to.equal(page.info.walletAccount.toLowerCase())
    expect(probe().dataset.provider).to.equal('yes')
    expect(probe().dataset.event).to.match(/^(CONNECT_SUCCESS|MODAL_CLOSE)$/)
    // The account changed, the theme did not: the theme reader did not render again.
    expect(themeRenders.count).to.equal(themeRendersBefore)

    await actions.current!.network.switchNetwork(`eip155:${page.info.chains[1]!.chainId}`)
    await waitFor(() => probe().dataset.network === `eip155:${page.info.chains[1]!.chainId}`, 3000, 'the switched network')

    // The balance read after connecting has landed: the account is settled.
    await waitFor(() => modal.getAccount().balance !== undefined, 3000, 'the balance')
    await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))
    const settled = renders.count
    actions.current!.theme.setThemeMode('dark')
    await waitFor(() => page.container.querySelector('b')?.dataset.mode === 'dark', 2000, 'the theme')
    expect(page.container.querySelector('i')!.dataset.theme).to.equal('dark')
    // The theme changed, nothing the probe reads did: it did not render again.
    expect(renders.count).to.equal(settled)

    await actions.current!.disconnect.disconnect()
    await waitFor(() => probe().dataset.status === 'disconnected', 3000, 'the disconnect')
    expect(probe().dataset.address).to.equal('')
    expect(probe().dataset.event).to.equal('DISCONNECT_SUCCESS')
  })

  it('with options, the provider makes the modal once mounted (once under StrictMode), and removes it when unmounted', async () => {
    expect(getDefaultCore()).to.equal(undefined)
    render(
      <StrictMode>
        <WalletModalProvider options={options()}>
          <ConnectButton label="Sign in with a wallet" />
        </WalletModalProvider>
      </StrictMode>
    )
    const el = await waitFor(() => page.container.querySelector('connect-button'), 2000, 'the element')
    const shadowButton = await waitFor(() => el.shadowRoot?.querySelector('button'), 3000, 'the element upgraded')
    await waitFor(() => shadowButton.textContent === 'Sign in with a wallet', 2000, 'the label')
    expect(document.querySelectorAll('wallet-modal')).to.have.length(1)
    const modal = getDefaultCore()!
    expect(modal).not.to.equal(undefined)
    shadowButton.click()
    await waitFor(() => modal.getState().open, 2000, 'the modal opened by the button')
    page.root!.unmount()
    page.root = undefined
    expect(getDefaultCore()).to.equal(undefined)
    expect(document.querySelectorAll('wallet-modal')).to.have.length(0)
  })

  it("renders on the server with the cookie's account, and hydrates without a mismatch or a flash of Connect Wallet", async () => {
    // A visit that connected, with the connection kept in the cookie.
    const first = createWalletModal(options({ storage: cookieStorage() })) as Core
    await waitFor(() => first.connector.get(WALLET_ID), 3000, 'the wallet announcement')
    const address = await first.connect(WALLET_ID)
    first.destroy()
    setDefaultCore(undefined)
    for (const el of document.querySelectorAll('wallet-modal')) el.remove()

    const initialState = cookieToInitialState(document.cookie)
    expect(initialState?.accounts.eip155?.toLowerCase()).to.equal(`eip155:${page.info.chains[0]!.chainId}:${address}`.toLowerCase())
    const opts = options({ storage: cookieStorage() })
    const renders = { count: 0 }
    const App = ({ state }: { state?: WalletModalInitialState }) => (
      <WalletModalProvider options={opts} initialState={state}>
        <ConnectButton />
        <Probe renders={renders} />
      </WalletModalProvider>
    )
    const html = renderToString(<App state={initialState} />)
    const short = `${address.slice(0, 6)}…${address.slice(-4)}`
    expect(html).to.include('<connect-button')
    expect(html).to.include(short)
    expect(html).not.to.include('Connect Wallet')
    expect(html).to.include('data-status="reconnecting"')
    // Without the cookie the server says Connect Wallet.
    expect(renderToString(<App />)).to.include('Connect Wallet')
    // In the site's language when its options name one (the element follows once it runs).
    const german = options({ locale: 'de-AT' })
    expect(
      renderToString(
        <WalletModalProvider options={german}>
          <ConnectButton />
        </WalletModalProvider>
      )
    ).to.include('>Wallet verbinden<')
    expect(
      renderToString(
        <WalletModalProvider options={options({ locale: 'ar' })}>
          <ConnectButton />
        </WalletModalProvider>
      )
    ).to.include('>ربط المحفظة<')

    // Every text the button shows, from the server's HTML to the connected account.
    page.container.innerHTML = html
    const seen = new Set<string>()
    let watching = true
    const record = () => {
      const el = page.container.querySelector('connect-button')
      for (const b of [el?.querySelector('[data-wm-fallback]'), el?.shadowRoot?.querySelector('button')]) if (b?.textContent) seen.add(b.textContent)
      if (watching) requestAnimationFrame(record)
    }
    record()
    const observer = new MutationObserver(record)
    observer.observe(page.container, { subtree: true, childList: true, characterData: true })
    const mismatches: unknown[] = []
    page.root = hydrateRoot(page.container, <App state={initialState} />, { onRecoverableError: e => mismatches.push(e) })
    await waitFor(() => probe()?.dataset.status === 'connected', 5000, 'the reconnected account')
    await waitFor(
      () => page.container.querySelector('connect-button')?.shadowRoot?.querySelector('button')?.dataset.connected === 'true',
      3000,
      'the element connected'
    )
    record()
    watching = false
    observer.disconnect()
    expect(mismatches).to.deep.equal([])
    expect([...seen].some(t => t.includes('Connect Wallet') || t.includes('Connecting'))).to.equal(false, [...seen].join(' | '))
    expect([...seen].some(t => t.includes(short))).to.equal(true)
  })

  it('ConnectButton.Custom gets the account, the network and the openers, and knows when the page has mounted', async () => {
    const modal = createWalletModal(options()) as Core
    page.track(modal)
    const Custom = () => (
      <WalletModalProvider modal={modal}>
        <ConnectButton.Custom>
          {({ account, displayAddress, network, mounted, openConnectModal, openNetworkModal }) => (
            <div data-mounted={String(mounted)} data-network={network.caipNetworkId}>
              {account ? <span>{displayAddress}</span> : <button onClick={openConnectModal}>Connect</button>}
              <button onClick={openNetworkModal}>Network</button>
            </div>
          )}
        </ConnectButton.Custom>
      </WalletModalProvider>
    )
    expect(renderToString(<Custom />)).to.include('data-mounted="false"')
    render(<Custom />)
    const box = await waitFor(() => page.container.querySelector<HTMLElement>('[data-mounted="true"]'), 2000, 'mounted')
    expect(box.dataset.network).to.equal(`eip155:${page.info.chains[0]!.chainId}`)
    ;[...box.querySelectorAll('button')].find(b => b.textContent === 'Network')!.click()
    await waitFor(() => modal.router.state.view === 'Networks' && modal.getState().open, 2000, 'the Networks view')
    modal.close()
    await waitFor(() => modal.connector.get(WALLET_ID), 3000, 'the wallet announcement')
    await modal.connect(WALLET_ID)
    await waitFor(() => /^0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}$/.test(box.querySelector('span')?.textContent ?? ''), 3000, 'the shortened address')
  })

  it('a hook outside the provider says so', () => {
    function Lost() {
      useWalletModalAccount()
      return null
    }
    expect(() => renderToString(<Lost />)).to.throw('useWalletModalAccount must be used inside <WalletModalProvider>')
  })
})
