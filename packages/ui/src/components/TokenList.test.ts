import { expect } from 'chai'
import { formatUsd, truncateDecimals } from '@wallet-modal/core/internal'
import { cleanup, getDevnet, makeModal, modalRoot, waitFor } from '../__fixtures__/setup.js'
import { announceDevnetWallet, createDevnetWallet, rpc, setFault } from '@wallet-modal/devnet/testing'

describe('Account token list (real blockchain data service)', () => {
  let stop: (() => void) | undefined
  afterEach(async () => {
    cleanup()
    stop?.()
    const info = await getDevnet()
    await setFault(info.serviceUrl, { path: '/', mode: 'clear' })
  })

  it("shows each token with its fiat value; DUSD equals the chain's balance times the price", async () => {
    const info = await getDevnet()
    stop = announceDevnetWallet(createDevnetWallet({ chains: info.chains, mode: 'approve', storage: null }), { setWindowEthereum: false })
    const modal = await makeModal({ projectId: 'demo', serviceUrl: info.serviceUrl, enableInjected: false })
    await waitFor(() => modal.connector.get('dev.wallet-modal.devnet'))
    await modal.connect('dev.wallet-modal.devnet')
    modal.open()
    const rows = await waitFor(
      () => {
        const r = [...modalRoot().querySelectorAll('[data-testid="token-row"]')]
        return r.length >= 2 ? r : undefined
      },
      5000,
      'token rows'
    )
    const dusdRow = rows.find(r => r.textContent?.includes('DUSD'))!
    const data = `0x70a08231${info.walletAccount.slice(2).toLowerCase().padStart(64, '0')}`
    const raw = BigInt(await rpc<string>(info.chains[0]!.rpcUrl, 'eth_call', [{ to: info.tokens.DUSD, data }, 'latest']))
    const whole = `${raw / 1_000_000n}.${(raw % 1_000_000n).toString().padStart(6, '0')}`
    const dusd = modal.blockchainApi.state.tokenBalances.find(t => t.symbol === 'DUSD')!
    expect(dusdRow.querySelector('[data-testid="token-quantity"]')!.textContent).to.equal(`${truncateDecimals(whole, 3)} DUSD`)
    expect(dusdRow.querySelector('[data-testid="token-value"]')!.textContent).to.equal(formatUsd(Number(whole) * dusd.price!))
    expect(modalRoot().querySelector('[data-testid="total-usd"]')!.textContent).to.equal(formatUsd(modal.blockchainApi.totalUsd()))
    // The identity service knows the devnet wallet's name.
    await waitFor(() => modalRoot().querySelector('[data-testid="account-address"]')?.textContent === 'devnet-wallet.reown.id', 5000, 'the identity name')
  })

  it('shows an unknown price as "–" (never $0) and says the total leaves that token out', async () => {
    const info = await getDevnet()
    stop = announceDevnetWallet(createDevnetWallet({ chains: info.chains, mode: 'approve', storage: null }), { setWindowEthereum: false })
    const modal = await makeModal({ projectId: 'demo', serviceUrl: info.serviceUrl, enableInjected: false })
    await waitFor(() => modal.connector.get('dev.wallet-modal.devnet'))
    await modal.connect('dev.wallet-modal.devnet')
    modal.open()
    await waitFor(() => modalRoot().querySelectorAll('[data-testid="token-row"]').length >= 2 || undefined, 5000, 'token rows')
    // The service's answer with one token it has no price for (price and value left out).
    const account = modal.blockchainApi.state.balancesFor!
    const priced = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 30, price: 3000, quantity: { decimals: '18', numeric: '0.01' } }
    const unpriced = {
      name: 'Mystery',
      symbol: 'MYS',
      chainId: 'eip155:31337',
      address: 'eip155:31337:0x000000000000000000000000000000000000bEEF',
      quantity: { decimals: '18', numeric: '5' }
    }
    modal.blockchainApi.setBalances(account, [priced, unpriced])
    const rows = await waitFor(
      () => {
        const r = [...modalRoot().querySelectorAll('[data-testid="token-row"]')]
        return r.length === 2 && r[1]!.textContent?.includes('MYS') ? r : undefined
      },
      5000,
      'the two rows'
    )
    expect(rows.map(r => r.querySelector('[data-testid="token-value"]')!.textContent)).to.deep.equal([formatUsd(30), '–'])
    expect(rows[1]!.querySelector('[data-testid="token-value"]')!.getAttribute('aria-label')).to.equal('Price unknown')
    expect(modalRoot().querySelector('[data-testid="total-usd"]')!.textContent).to.equal(formatUsd(30))
    expect(modalRoot().querySelector('[data-testid="total-excludes"]')!.textContent).to.equal('Total excludes 1 asset without a price')
  })

  it("says 'Token Balance Unavailable' when the service fails", async () => {
    const info = await getDevnet()
    await setFault(info.serviceUrl, { path: '/v1/account/', mode: 'status', status: 500 })
    stop = announceDevnetWallet(createDevnetWallet({ chains: info.chains, mode: 'approve', storage: null }), { setWindowEthereum: false })
    const modal = await makeModal({ projectId: 'demo', serviceUrl: info.serviceUrl, enableInjected: false, http: { retryBaseMs: 1 } })
    await waitFor(() => modal.connector.get('dev.wallet-modal.devnet'))
    await modal.connect('dev.wallet-modal.devnet')
    modal.open()
    await waitFor(() => modalRoot().querySelector('[data-testid="total-usd"]')?.textContent === 'Token Balance Unavailable', 5000, 'the failure text')
    await waitFor(() => modalRoot().querySelector('.wm-snackbar')?.textContent === 'Token Balance Unavailable', 5000, 'the error banner')
  })

  it("without a data API, shows the site's listed tokens read from the chain: amounts only, no dollar values", async () => {
    const info = await getDevnet()
    stop = announceDevnetWallet(createDevnetWallet({ chains: info.chains, mode: 'approve', storage: null }), { setWindowEthereum: false })
    const tokens = { 'eip155:31337': [{ address: info.tokens.DUSD!, image: 'data:image/png;base64,AAAA' }] }
    const modal = await makeModal({ projectId: 'demo', enableInjected: false, tokens })
    await waitFor(() => modal.connector.get('dev.wallet-modal.devnet'))
    await modal.connect('dev.wallet-modal.devnet')
    modal.open()
    const rows = await waitFor(
      () => {
        const r = [...modalRoot().querySelectorAll('[data-testid="token-row"]')]
        return r.length === 2 ? r : undefined
      },
      10_000,
      'token rows'
    )
    expect(rows.map(r => r.querySelector('[data-testid="token-quantity"]')!.textContent!.split(' ').pop())).to.deep.equal(['ETH', 'DUSD'])
    expect(modalRoot().querySelector('[data-testid="token-value"]')).to.equal(null)
    expect(modalRoot().querySelector('[data-testid="total-usd"]')).to.equal(null)
  })

  it('shows the configuration alert inside the dialog', async () => {
    const info = await getDevnet()
    const modal = await makeModal({ projectId: 'locked', serviceUrl: info.serviceUrl, enableInjected: false })
    modal.open()
    const alert = await waitFor(() => modalRoot().querySelector('[role="alert"]'), 5000, 'the alert')
    expect(alert.textContent).to.contain('Invalid App Configuration')
  })
})
