import { expect } from 'chai'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { createLocalSIWX, shortenAddress, type Core, type NetworkInput, type SIWXConfig, type WalletModalOptions } from '@wallet-modal/core/internal'
import { devnetNetworks, memoryStorage, waitFor } from '@wallet-modal/devnet/testing'
import { ConnectButton, WalletModalProvider, createWalletModal, type ConnectButtonRenderProps } from './exports/index.js'
import { abbreviateBalance } from './abbreviateBalance.js'
import { reactPageEachTest } from './__fixtures__/reactPage.js'

const WALLET_ID = 'dev.wallet-modal.devnet'
const ICON = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E'

/** The render props of the last render, as the site's function received them. */
type Seen = { current?: ConnectButtonRenderProps; renders: number }

/** A ConnectButton.Custom that hands its render props to the test and draws what a server render must show. */
function Probe({ seen }: { seen: Seen }) {
  return (
    <ConnectButton.Custom>
      {props => {
        seen.current = props
        seen.renders += 1
        return (
          <output
            data-mounted={String(props.mounted)}
            data-account={props.account?.displayName ?? 'none'}
            data-chain={props.chain ? String(props.chain.id) : 'none'}
            data-auth={props.authenticationStatus ?? 'none'}
          />
        )
      }}
    </ConnectButton.Custom>
  )
}

describe('ConnectButton.Custom: RainbowKit render props', () => {
  const page = reactPageEachTest()

  // The first network carries a RainbowKit chain's look (its own fields, kept by the modal).
  const networks = (): NetworkInput[] => {
    const [first, ...rest] = devnetNetworks(page.info)
    return [{ ...first!, assets: { imageUrl: ICON }, iconBackground: '#0e76fd' } as NetworkInput, ...rest]
  }
  const options = (extra: Partial<WalletModalOptions> = {}): WalletModalOptions => ({
    projectId: 'react-test',
    networks: networks(),
    storage: memoryStorage(),
    enableInjected: false,
    ...extra
  })
  const mount = page.mount
  const modalWith = (extra: Partial<WalletModalOptions> = {}) => page.track(createWalletModal(options(extra)) as Core)
  /** A modal with these options, and the probe rendered inside its provider. */
  const mountProbe = (extra: Partial<WalletModalOptions> = {}) => {
    const modal = modalWith(extra)
    const seen: Seen = { renders: 0 }
    mount(
      <WalletModalProvider modal={modal}>
        <Probe seen={seen} />
      </WalletModalProvider>
    )
    return { modal, seen }
  }
  const connect = async (modal: Core) => {
    await waitFor(() => modal.connector.get(WALLET_ID), 3000, 'the wallet announcement')
    await modal.connect(WALLET_ID)
  }

  it('before connecting: no account and no chain, mounted, no sign-in, modals closed; only openConnectModal opens (Connect)', async () => {
    const { modal, seen } = mountProbe()
    await waitFor(() => seen.current, 2000, 'the first render')
    const p = seen.current!
    expect(p.account).to.equal(undefined)
    expect(p.chain).to.equal(undefined)
    expect(p.mounted).to.equal(true)
    expect(p.authenticationStatus).to.equal(undefined)
    expect([p.accountModalOpen, p.chainModalOpen, p.connectModalOpen]).to.deep.equal([false, false, false])
    // This package's own props are still there.
    expect(p.accountInfo.status).to.equal('disconnected')
    expect(p.displayAddress).to.equal(undefined)
    expect(p.network.caipNetworkId).to.equal(`eip155:${page.info.chains[0]!.chainId}`)

    // As in RainbowKit, the account and chain modals need a connected account.
    p.openAccountModal()
    p.openChainModal()
    expect(modal.getState().open).to.equal(false)
    p.openConnectModal()
    expect(modal.router.state.view).to.equal('Connect')
    await waitFor(() => seen.current!.connectModalOpen, 2000, 'connectModalOpen')
    expect([seen.current!.accountModalOpen, seen.current!.chainModalOpen]).to.deep.equal([false, false])
    modal.close()
    await waitFor(() => !seen.current!.connectModalOpen, 2000, 'the modal closed')
  })

  it('connected with the Devnet Wallet: the account (balance, name, pending), its chain, and the account and chain openers', async () => {
    const { modal, seen } = mountProbe()
    await connect(modal)
    await waitFor(() => seen.current?.account?.balanceFormatted !== undefined, 5000, 'the balance')
    const { account, chain, authenticationStatus } = seen.current!
    const balance = modal.getAccount().balance!
    expect(account!.address.toLowerCase()).to.equal(page.info.walletAccount.toLowerCase())
    expect(account).to.deep.include({
      balanceDecimals: 18,
      balanceFormatted: balance,
      balanceSymbol: 'ETH',
      displayBalance: `${abbreviateBalance(balance)} ETH`,
      // Without a name service, the shortened address.
      displayName: shortenAddress(account!.address),
      ensAvatar: undefined,
      ensName: undefined,
      hasPendingTransactions: false
    })
    // The devnet account holds thousands of ETH: shortened like RainbowKit's ('9,999.9').
    expect(account!.displayBalance).to.match(/^\d{1,3}(,\d{3})*(\.\d)?k? ETH$/)
    expect(chain).to.deep.equal({
      hasIcon: true,
      iconUrl: ICON,
      iconBackground: '#0e76fd',
      id: page.info.chains[0]!.chainId,
      name: page.info.chains[0]!.name,
      unsupported: false
    })
    expect(authenticationStatus).to.equal(undefined)
    expect(seen.current!.accountInfo.isConnected).to.equal(true)
    expect(seen.current!.displayAddress).to.equal(shortenAddress(account!.address))
    await waitFor(() => document.querySelector('output')?.dataset.account === shortenAddress(account!.address), 2000, 'the drawn name')

    // A transaction the modal sent and is waiting for (the count Send and Swap keep).
    modal.chain.setAccount('eip155', { pendingTransactions: 1 })
    await waitFor(() => seen.current!.account!.hasPendingTransactions, 2000, 'the pending transaction')
    modal.chain.setAccount('eip155', { pendingTransactions: 0 })
    await waitFor(() => !seen.current!.account!.hasPendingTransactions, 2000, 'no pending transaction')

    seen.current!.openAccountModal()
    expect(modal.router.state.view).to.equal('Account')
    await waitFor(() => seen.current!.accountModalOpen, 2000, 'accountModalOpen')
    expect([seen.current!.chainModalOpen, seen.current!.connectModalOpen]).to.deep.equal([false, false])
    seen.current!.openChainModal()
    expect(modal.router.state.view).to.equal('Networks')
    await waitFor(() => seen.current!.chainModalOpen, 2000, 'chainModalOpen')
    expect([seen.current!.accountModalOpen, seen.current!.connectModalOpen]).to.deep.equal([false, false])
    // Connected: openConnectModal has nothing to do (RainbowKit's does nothing either).
    modal.close()
    await waitFor(() => !seen.current!.chainModalOpen, 2000, 'closed')
    seen.current!.openConnectModal()
    expect(modal.getState().open).to.equal(false)

    // Switching the network moves the chain.
    await modal.switchNetwork(`eip155:${page.info.chains[1]!.chainId}`)
    await waitFor(() => seen.current!.chain?.id === page.info.chains[1]!.chainId, 3000, 'the switched chain')
    expect(seen.current!.chain).to.deep.include({
      hasIcon: false,
      iconUrl: undefined,
      iconBackground: undefined,
      name: page.info.chains[1]!.name,
      unsupported: false
    })

    await modal.disconnect()
    await waitFor(() => seen.current!.account === undefined && seen.current!.chain === undefined, 3000, 'the disconnect')
  })

  it("with the site's services: the account's name and avatar", async () => {
    const { modal, seen } = mountProbe({ projectId: 'demo', serviceUrl: page.info.serviceUrl })
    await connect(modal)
    await waitFor(() => seen.current?.account?.ensName, 10000, 'the name')
    const { account } = seen.current!
    expect(account!.ensName).to.match(/^devnet-wallet\./)
    // Short enough to show whole.
    expect(account!.displayName).to.equal(account!.ensName)
    await waitFor(() => seen.current!.account!.ensAvatar, 5000, 'the avatar')
    expect(seen.current!.account!.ensAvatar).to.match(/^(data:image\/|https?:\/\/)/)
  })

  it('on a network the site does not list: chain.unsupported, the unsupported-network view counts as the chain modal, Account stays shut', async () => {
    const { modal, seen } = mountProbe({ networks: networks().slice(0, 1) })
    await connect(modal)
    await waitFor(() => seen.current?.chain?.unsupported === false, 3000, 'the supported chain')
    // The wallet moves to a network of its own.
    const other = page.info.chains[1]!.chainId
    await page.wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: `0x${other.toString(16)}` }] })
    await waitFor(() => seen.current!.chain?.unsupported === true, 3000, 'the unsupported chain')
    expect(seen.current!.chain!.id).to.equal(other)
    // Like RainbowKit, only the site's networks are named.
    expect(seen.current!.chain!.name).to.equal(undefined)
    expect(seen.current!.account).not.to.equal(undefined)
    // The modal shows its unsupported-network view: RainbowKit's chain modal.
    await waitFor(() => seen.current!.chainModalOpen, 3000, 'the unsupported-network view')
    expect(modal.router.state.view).to.equal('UnsupportedChain')
    modal.close()
    await waitFor(() => !seen.current!.chainModalOpen, 2000, 'closed')
    seen.current!.openAccountModal()
    expect(modal.getState().open).to.equal(false)
    seen.current!.openChainModal()
    expect(modal.router.state.view).to.equal('Networks')
    await waitFor(() => seen.current!.chainModalOpen, 2000, 'the network list')
  })

  it('with sign-in (SIWX): authenticationStatus goes unauthenticated, loading while the sessions are read, unauthenticated, authenticated, and back on sign-out', async () => {
    const local = createLocalSIWX({ storage: memoryStorage() })
    let release: () => void = () => {}
    let held: Promise<void> | undefined = new Promise<void>(r => (release = r))
    // The sessions are read only when the test lets them: 'loading' lasts until then.
    const siwx: SIWXConfig = {
      ...local,
      async getSessions(chainId, address) {
        await held
        return local.getSessions(chainId, address)
      }
    }
    const { modal, seen } = mountProbe({ siwx })
    await waitFor(() => seen.current, 2000, 'the first render')
    expect(seen.current!.authenticationStatus).to.equal('unauthenticated')

    await connect(modal)
    await waitFor(() => seen.current!.authenticationStatus === 'loading', 3000, 'the sessions being read')
    expect(seen.current!.account).not.to.equal(undefined)
    // Not signed in yet: the account and chain modals stay shut.
    const openBefore = modal.getState().open
    seen.current!.openAccountModal()
    seen.current!.openChainModal()
    expect(modal.getState().open).to.equal(openBefore)

    release()
    held = undefined
    // No session: the modal asks to sign in (RainbowKit's connect modal does too).
    await waitFor(() => seen.current!.authenticationStatus === 'unauthenticated' && seen.current!.connectModalOpen, 3000, 'the sign-in view')
    expect(modal.router.state.view).to.equal('SIWXSignMessage')
    modal.close()
    await waitFor(() => !seen.current!.connectModalOpen, 2000, 'closed')
    // Connected but not signed in: openConnectModal leads to the sign-in.
    seen.current!.openConnectModal()
    expect(modal.router.state.view).to.equal('SIWXSignMessage')
    await waitFor(() => seen.current!.connectModalOpen, 2000, 'the sign-in view again')

    await modal.signIn()
    await waitFor(() => seen.current!.authenticationStatus === 'authenticated', 3000, 'signed in')
    await waitFor(() => !seen.current!.connectModalOpen, 2000, 'the sign-in view closed')
    seen.current!.openAccountModal()
    expect(modal.router.state.view).to.equal('Account')
    modal.close()

    await modal.signOut()
    await waitFor(() => seen.current!.authenticationStatus === 'unauthenticated', 3000, 'signed out')
  })

  it('renders on the server with mounted false (and the cookie account), and is mounted once hydrated, without a mismatch', async () => {
    const opts = options({ siwx: createLocalSIWX({ storage: memoryStorage() }) })
    const seen: Seen = { renders: 0 }
    const App = () => (
      <WalletModalProvider options={opts}>
        <Probe seen={seen} />
      </WalletModalProvider>
    )
    const html = renderToString(<App />)
    expect(html).to.include('data-mounted="false"')
    expect(html).to.include('data-account="none"')
    expect(html).to.include('data-chain="none"')
    // Only the browser can read the sessions.
    expect(html).to.include('data-auth="loading"')

    // A returning visitor's account, from the cookie: already there on the server.
    const chainId = page.info.chains[0]!.chainId
    const withCookie = renderToString(
      <WalletModalProvider
        options={options()}
        initialState={{ accounts: { eip155: `eip155:${chainId}:${page.info.walletAccount}` }, activeNamespace: 'eip155', activeNetworkId: `eip155:${chainId}` }}
      >
        <Probe seen={{ renders: 0 }} />
      </WalletModalProvider>
    )
    expect(withCookie).to.include(`data-account="${shortenAddress(page.info.walletAccount)}"`)
    expect(withCookie).to.include(`data-chain="${chainId}"`)
    expect(withCookie).to.include('data-auth="none"')

    page.container.innerHTML = html
    expect(page.container.querySelector('output')!.dataset.mounted).to.equal('false')
    const mismatches: unknown[] = []
    page.root = hydrateRoot(page.container, <App />, { onRecoverableError: e => mismatches.push(e) })
    await waitFor(() => page.container.querySelector('output')?.dataset.mounted === 'true', 3000, 'mounted after hydration')
    await waitFor(() => page.container.querySelector('output')?.dataset.auth === 'unauthenticated', 3000, 'the sign-in status read in the browser')
    expect(mismatches).to.deep.equal([])
  })
})
