import { expect } from 'chai'
import { sendKeys } from '@web/test-runner-commands'
import { walletFeatures, type Core } from '@wallet-modal/core/internal'
import { cleanup, getDevnet, modalRoot, waitFor } from '../__fixtures__/setup.js'
import { quietModal, waitForHeading } from '../__fixtures__/viewFixtures.js'

// Select Token (spec §2 send): the account's tokens on the network, searchable by name or symbol;
// picking one goes back to Send with it. The balances come from the devnet's services for anvil
// account 4, which holds ETH, DUSD and USDT (nothing is sent here; core's swapDraft test swaps
// from it, so the assertions read whatever balances it has, never fixed amounts).
describe('WalletSendSelectToken view', function () {
  this.timeout(30000)
  afterEach(cleanup)

  const HOLDER = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'
  /** Send for {@link HOLDER}, then its token list. */
  const open = async (address = HOLDER): Promise<Core> => {
    const info = await getDevnet()
    const modal = await quietModal({ projectId: 'demo', serviceUrl: info.serviceUrl })
    modal.chain.setAccount('eip155', { status: 'connected', address, caipAddress: `eip155:${info.chains[0]!.chainId}:${address}` as never })
    modal.open({ view: 'WalletSend' })
    ;(await waitFor(() => modalRoot().querySelector<HTMLButtonElement>('[data-testid="send-token"]'), 10000, 'Send')).click()
    await waitForHeading('Select Token')
    await waitFor(search, 5000, 'the search')
    return modal
  }
  const search = () => modalRoot().querySelector<HTMLInputElement>('input[type="search"]')
  const options = () => [...modalRoot().querySelectorAll<HTMLButtonElement>('ul[aria-label="Your tokens"] [data-testid="send-token-option"]')]
  const symbols = () => options().map(o => o.querySelector('.wm-token-qty')!.textContent!.split(' ').at(-1))
  const status = () => modalRoot().querySelector('.wm-body p[role="status"]')?.textContent

  it("'Select Token': a search, then the account's tokens with their balances", async () => {
    await open()
    expect(search()!.getAttribute('aria-label')).to.equal('Search token')
    expect(search()!.placeholder).to.equal('Search token')
    await waitFor(() => options().length === 3, 10000, 'three tokens')
    expect(symbols().sort()).to.deep.equal(['DUSD', 'ETH', 'USDT'])
    const usdt = options().find(o => o.textContent!.includes('USDT'))!
    expect(usdt.querySelector('.wm-name')!.textContent).to.match(/^Devnet Tether[\d,.]+ USDT$/)
  })

  it('searching by name or symbol: only the matches', async () => {
    await open()
    await waitFor(() => options().length === 3, 10000, 'three tokens')
    search()!.focus()
    await sendKeys({ type: 'tether' })
    await waitFor(() => symbols().join() === 'USDT', 3000, 'USDT alone')
  })

  it("a search with no match: 'No tokens match your search'", async () => {
    await open()
    await waitFor(() => options().length === 3, 10000, 'three tokens')
    search()!.focus()
    await sendKeys({ type: 'zzzz' })
    await waitFor(() => status() === 'No tokens match your search', 3000, 'the empty state')
    expect(options()).to.deep.equal([])
  })

  it('picking a token returns to Send with it', async () => {
    const modal = await open()
    const dusd = await waitFor(() => options().find(o => o.textContent!.includes('DUSD')), 10000, 'DUSD')
    dusd.click()
    await waitForHeading('Send')
    await waitFor(
      () => modalRoot().querySelector('[data-testid="send-token"]')?.getAttribute('aria-label') === 'Token: DUSD. Change token',
      5000,
      'DUSD chosen'
    )
    expect(walletFeatures(modal).send.state.token?.symbol).to.equal('DUSD')
  })
})
