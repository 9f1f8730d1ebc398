import { expect } from 'chai'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { fetchTransactions, walletFeatures, type Core } from '@wallet-modal/core/internal'
import { cleanup, getDevnet, modalRoot, waitFor } from '../__fixtures__/setup.js'
import { rpc, setFault } from '@wallet-modal/devnet/testing'
import { bodyText, quietModal, waitForHeading } from '../__fixtures__/viewFixtures.js'

// Activity (spec §2, §5): the account's transactions on the active network from the devnet's real
// indexer, by month, newest first; none yet, or a failing service, says so. Each test watches an
// address of its own (a fresh key), so the history is exactly what the test made.
describe('Transactions view', function () {
  this.timeout(30000)
  afterEach(async () => {
    cleanup()
    await setFault((await getDevnet()).serviceUrl, { path: '/', mode: 'clear' })
  })

  /** A modal on the devnet's services, connected (account only) as a fresh address on Devnet. */
  const watching = async (): Promise<{ modal: Core; address: string }> => {
    const info = await getDevnet()
    const address = privateKeyToAccount(generatePrivateKey()).address
    const modal = await quietModal({ projectId: 'demo', serviceUrl: info.serviceUrl })
    modal.chain.setAccount('eip155', { status: 'connected', address, caipAddress: `eip155:${info.chains[0]!.chainId}:${address}` as never })
    return { modal, address }
  }
  const empty = () => modalRoot().querySelector('[data-testid="activity-empty"]')
  /** Sends 0.01 ETH to `address` on Devnet and waits until the indexer has it (asking as Activity would). */
  const receive = async (modal: Core, address: string) => {
    const info = await getDevnet()
    const hash = await rpc<string>(info.chains[0]!.rpcUrl, 'eth_sendTransaction', [{ from: info.walletAccount, to: address, value: '0x2386f26fc10000' }])
    const { transactions } = walletFeatures(modal)
    await waitFor(
      () => {
        if (transactions.state.transactions.some(t => t.metadata.hash === hash)) return true
        if (!transactions.state.loading) void fetchTransactions(modal, { reset: true })
        return false
      },
      15000,
      'the transfer indexed'
    )
    return new Date(transactions.state.transactions[0]!.metadata.minedAt)
  }

  it("'Activity' of an address with no history: 'No activity yet' and where they will appear", async () => {
    const { modal } = await watching()
    modal.open({ view: 'Transactions' })
    await waitForHeading('Activity')
    await waitFor(empty, 10000, 'the empty state')
    expect([...empty()!.querySelectorAll('p')].map(p => p.textContent)).to.deep.equal([
      'No activity yet',
      'Your transactions on this network will appear here.'
    ])
  })

  it('a transfer received: under its month, who sent it and the amount with its sign', async () => {
    const { modal, address } = await watching()
    // The indexer follows new blocks: Activity opens once the transfer is in.
    const minedAt = await receive(modal, address)
    modal.open({ view: 'Transactions' })
    const row = await waitFor(() => modalRoot().querySelector('[data-testid="transaction"]'), 10000, 'the transaction')
    expect(row.getAttribute('data-operation')).to.equal('receive')
    expect(row.querySelector('.wm-tx-title')!.textContent).to.equal('Received')
    // The service names the sender (its configured identity): the name, not the address.
    expect(row.querySelector('.wm-token-qty')!.textContent).to.equal('from devnet-wallet.reown.id')
    expect([...row.querySelectorAll('[data-testid="transaction-description"]')].map(d => d.textContent)).to.deep.equal(['+0.010 ETH'])
    expect(modalRoot().querySelector('[data-testid="activity-month-title"]')!.textContent).to.equal(
      new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' }).format(minedAt)
    )
    expect(modalRoot().querySelectorAll('[data-testid="transaction"]').length).to.equal(1)
    expect(empty()).to.equal(null)
  })

  it("another network: Activity reads that network's history", async () => {
    const info = await getDevnet()
    const { modal, address } = await watching()
    await receive(modal, address)
    modal.open({ view: 'Transactions' })
    await waitFor(() => modalRoot().querySelector('[data-testid="transaction"]'), 10000, "Devnet's transfer")
    await modal.switchNetwork(`eip155:${info.chains[1]!.chainId}`)
    await waitFor(empty, 10000, 'the empty state on Devnet 2')
    expect(bodyText()).to.contain('No activity yet')
    expect(modalRoot().querySelector('[data-testid="transaction"]')).to.equal(null)
  })

  it("the history service failing: 'Failed to fetch transactions'", async () => {
    const info = await getDevnet()
    const { modal } = await watching()
    await setFault(info.serviceUrl, { path: '/v1/account/', mode: 'status', status: 500 })
    modal.open({ view: 'Transactions' })
    await waitFor(() => empty()?.textContent === 'Failed to fetch transactions', 15000, 'the error')
    expect(bodyText()).to.not.contain('No activity yet')
  })
})
