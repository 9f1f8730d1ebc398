import { expect } from 'chai'
import { sendKeys } from '@web/test-runner-commands'
import { swapFeature, type Core } from '@wallet-modal/core/internal'
import { cleanup, getDevnet, modalRoot, waitFor } from '../__fixtures__/setup.js'
import { quietModal, waitForHeading } from '../__fixtures__/viewFixtures.js'

// SwapSelectToken (spec §2 swap): one side's token picker: a search, the suggested tokens as
// chips, the account's tokens, then the network's others; picking goes back to Swap. The devnet's
// tokens (ETH, DUSD, USDT) through the wallet-modal server, for anvil account 7, which holds ETH
// only (the Send view tests spend a little of it; nothing here depends on the exact amount).
describe('SwapSelectToken view', function () {
  this.timeout(30000)
  afterEach(cleanup)

  const ACCOUNT = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955'
  /** Swap for {@link ACCOUNT} (account only), its tokens listed, then the picker of `side`. */
  const pick = async (side: 'from' | 'to'): Promise<Core> => {
    const info = await getDevnet()
    const modal = await quietModal({ projectId: 'demo', serviceUrl: info.serviceUrl })
    modal.chain.setAccount('eip155', { status: 'connected', address: ACCOUNT, caipAddress: `eip155:${info.chains[0]!.chainId}:${ACCOUNT}` as never })
    modal.open({ view: 'Swap' })
    const button = await waitFor(() => (byId('swap-from-balance') ? byId<HTMLButtonElement>(`swap-${side}-token`) : null), 10000, 'Swap with its tokens')
    button.click()
    await waitForHeading(side === 'from' ? 'Select token to swap' : 'Select token to receive')
    await waitFor(search, 5000, 'the search')
    return modal
  }
  const byId = <T extends HTMLElement = HTMLElement>(id: string) => modalRoot().querySelector<T>(`[data-testid="${id}"]`)
  const search = () => modalRoot().querySelector<HTMLInputElement>('input[type="search"]')
  const listed = (label: string) =>
    [...modalRoot().querySelectorAll<HTMLButtonElement>(`ul[aria-label="${label}"] [data-testid="swap-token-option"]`)].map(b => b.dataset.symbol)
  const chips = () => [...modalRoot().querySelectorAll('ul[aria-label="Suggested tokens"] button')].map(b => b.textContent)
  const status = () => modalRoot().querySelector('.wm-body p[role="status"]')?.textContent

  it("the token to swap: a search, the suggested chips, the account's tokens, then the network's others", async () => {
    await pick('from')
    expect(search()!.placeholder).to.equal('Search name or address')
    expect(search()!.getAttribute('aria-label')).to.equal('Search token')
    expect(chips()).to.deep.equal(['ETH', 'USDT'])
    // The account's tokens come with its balances, which may land after the search is drawn.
    await waitFor(() => listed('Your tokens').length > 0, 5000, "the account's tokens")
    expect(modalRoot().querySelector('h3')!.textContent).to.equal('Your tokens')
    expect(listed('Your tokens')).to.deep.equal(['ETH'])
    expect(listed('Tokens').sort()).to.deep.equal(['DUSD', 'USDT'])
    const eth = modalRoot().querySelector('ul[aria-label="Your tokens"] .wm-name')!.textContent
    expect(eth).to.match(/^Ether[\d,.]+ ETH$/)
  })

  it('the token to receive: picking one returns to Swap with it', async () => {
    const modal = await pick('to')
    const usdt = [...modalRoot().querySelectorAll<HTMLButtonElement>('[data-testid="swap-token-option"]')].find(b => b.dataset.symbol === 'USDT')!
    usdt.click()
    await waitForHeading('Swap')
    expect(swapFeature(modal).controller.state.to?.symbol).to.equal('USDT')
    await waitFor(() => byId('swap-to-token')?.getAttribute('aria-label') === 'Token to receive: USDT. Change token', 5000, 'USDT to receive')
  })

  it('searching by name: only the matches, without the chips', async () => {
    await pick('to')
    search()!.focus()
    await sendKeys({ type: 'tether' })
    await waitFor(() => listed('Tokens').join() === 'USDT', 3000, 'USDT alone')
    expect(listed('Your tokens')).to.deep.equal([])
    expect(chips()).to.deep.equal([])
  })

  it("a search with no match: 'No tokens match your search'", async () => {
    await pick('from')
    search()!.focus()
    await sendKeys({ type: 'zzzz' })
    await waitFor(() => status() === 'No tokens match your search', 3000, 'the empty state')
    expect(modalRoot().querySelectorAll('[data-testid="swap-token-option"]').length).to.equal(0)
  })

  it("no token known on the network: 'No tokens to swap on this network'", async () => {
    const modal = await quietModal()
    modal.open({ view: 'SwapSelectToken', data: { swapSide: 'to' } })
    await waitForHeading('Select token to receive')
    await waitFor(() => status() === 'No tokens to swap on this network', 5000, 'the empty state')
  })
})
