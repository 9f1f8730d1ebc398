import { expect } from 'chai'
import { sendKeys } from '@web/test-runner-commands'
import type { Core } from '@wallet-modal/core/internal'
import { cleanup, getDevnet, makeModal, modalRoot, waitFor } from '../__fixtures__/setup.js'

// Account's Tokens and Activity tabs (spec §3 currentTab), in the real element against the
// devnet's data service: a WAI-ARIA tab list whose choice is the namespace's account state.
describe('Account tabs (Tokens, Activity)', function () {
  this.timeout(30000)
  afterEach(cleanup)

  /** A modal with the data service, connected on EVM (as a wallet's connection leaves it), on Account. */
  const openAccount = async (extra: Parameters<typeof makeModal>[0] = {}): Promise<Core> => {
    const info = await getDevnet()
    const modal = await makeModal({
      projectId: 'demo',
      serviceUrl: info.serviceUrl,
      enableInjected: false,
      enableEIP6963: false,
      enableWalletConnect: false,
      ...extra
    })
    modal.chain.setAccount('eip155', {
      status: 'connected',
      address: info.walletAccount,
      caipAddress: `eip155:${info.chains[0]!.chainId}:${info.walletAccount}` as never
    })
    modal.open()
    await waitFor(() => modal.router.state.view === 'Account' || undefined, 5000, 'Account')
    // The services' start-up (remote features, which decide whether Activity is offered) has run:
    // a tab list drawn before it may be drawn again after, taking the focus with it.
    await modal.servicesReady
    return modal
  }
  const tablist = () => waitFor(() => modalRoot().querySelector<HTMLElement>('[role="tablist"]'), 5000, 'the tab list')
  const tabs = () => [...modalRoot().querySelectorAll<HTMLButtonElement>('[role="tab"]')]
  const selected = () => tabs().find(t => t.getAttribute('aria-selected') === 'true')?.textContent
  const shownPanel = () => [...modalRoot().querySelectorAll<HTMLElement>('[role="tabpanel"]')].filter(p => !p.hidden)
  const focusedTab = () => modalRoot().activeElement?.textContent
  /**
   * Focuses the first tab once Account has settled: its token list drawn (a first render's tab
   * list may be replaced as the account's data lands, taking the focus with it).
   */
  const focusFirstTab = async () => {
    await waitFor(() => modalRoot().querySelector('[data-testid="total-usd"]'), 5000, 'the token list')
    tabs()[0]!.focus()
    await waitFor(() => modalRoot().activeElement === tabs()[0] || undefined, 3000, 'the first tab focused')
  }

  it('shows Tokens and Activity as tabs wired to their panels; Tokens first; the Activity row is gone', async () => {
    await openAccount()
    const list = await tablist()
    expect(list.getAttribute('aria-label')).to.equal('Tokens and activity')
    expect(tabs().map(t => t.textContent)).to.deep.equal(['Tokens', 'Activity'])
    expect(tabs().map(t => [t.getAttribute('aria-selected'), t.tabIndex])).to.deep.equal([
      ['true', 0],
      ['false', -1]
    ])
    // Each tab controls its panel, and each panel is labelled by its tab.
    for (const tab of tabs()) {
      const panel = modalRoot().getElementById(tab.getAttribute('aria-controls')!)!
      expect(panel.getAttribute('role')).to.equal('tabpanel')
      expect(panel.getAttribute('aria-labelledby')).to.equal(tab.id)
    }
    const panels = shownPanel()
    expect(panels).to.have.length(1)
    expect(panels[0]!.getAttribute('aria-labelledby')).to.equal(tabs()[0]!.id)
    // Today's token list is the Tokens panel; Activity's list is not loaded until chosen.
    await waitFor(() => panels[0]!.querySelector('[data-testid="total-usd"]'), 5000, 'the token list in its panel')
    expect(modalRoot().querySelector('[data-testid="activity"]')).to.equal(null)
    // The Activity tab carries the test id of the row it replaced; no row pushes the Activity view.
    expect(modalRoot().querySelector('[data-testid="open-activity"]')!.getAttribute('role')).to.equal('tab')
    expect(modalRoot().querySelectorAll('.wm-list-item[data-testid="open-activity"]')).to.have.length(0)
  })

  it('a click on Activity shows the activity list in its panel and keeps the choice in the account state', async () => {
    const modal = await openAccount()
    await tablist()
    tabs()[1]!.click()
    const panel = await waitFor(() => shownPanel()[0]?.querySelector('[data-testid="activity"]') ?? undefined, 5000, 'the activity list')
    expect(selected()).to.equal('Activity')
    expect(modal.chain.state.namespaces.eip155.account.currentTab).to.equal(1)
    expect(modal.router.state.view, 'still Account, not the Activity view').to.equal('Account')
    // The list loads and says what it found (the devnet wallet's transfers, or that there are none).
    await waitFor(() => panel.querySelector('[data-testid="transaction"], [data-testid="activity-empty"]'), 10_000, 'the history')
    expect(modalRoot().querySelector('[data-testid="token-row"], [data-testid="total-usd"]'), 'the token list is not rendered').to.equal(null)
  })

  it('the arrow keys, Home and End move to and select a tab; only the selected tab is in the Tab order', async () => {
    const modal = await openAccount()
    await tablist()
    await focusFirstTab()
    await sendKeys({ press: 'ArrowRight' })
    await waitFor(() => selected() === 'Activity' || undefined, 3000, 'Activity selected')
    expect(focusedTab()).to.equal('Activity')
    expect(tabs().map(t => t.tabIndex)).to.deep.equal([-1, 0])
    expect(modal.chain.state.namespaces.eip155.account.currentTab).to.equal(1)
    // Past the last tab, round to the first.
    await sendKeys({ press: 'ArrowRight' })
    await waitFor(() => selected() === 'Tokens' || undefined, 3000, 'Tokens selected')
    expect(focusedTab()).to.equal('Tokens')
    await sendKeys({ press: 'ArrowLeft' })
    await waitFor(() => selected() === 'Activity' || undefined, 3000, 'Activity, going left round')
    await sendKeys({ press: 'Home' })
    await waitFor(() => selected() === 'Tokens' || undefined, 3000, 'Home: the first')
    expect(focusedTab()).to.equal('Tokens')
    await sendKeys({ press: 'End' })
    await waitFor(() => selected() === 'Activity' || undefined, 3000, 'End: the last')
    expect(focusedTab()).to.equal('Activity')
    expect(modal.chain.state.namespaces.eip155.account.currentTab).to.equal(1)
  })

  it('right-to-left, ArrowLeft goes to the next tab', async () => {
    const modal = await openAccount()
    await modal.setLocale('ar')
    await tablist()
    await waitFor(() => modalRoot().querySelector('[dir="rtl"]'), 5000, 'right-to-left')
    await focusFirstTab()
    await sendKeys({ press: 'ArrowLeft' })
    await waitFor(() => modal.chain.state.namespaces.eip155.account.currentTab === 1 || undefined, 3000, 'the second tab')
    expect(modalRoot().activeElement).to.equal(tabs()[1])
    await sendKeys({ press: 'ArrowRight' })
    await waitFor(() => modal.chain.state.namespaces.eip155.account.currentTab === 0 || undefined, 3000, 'back to the first')
  })

  it('the chosen tab outlives a closed modal and goes back to Tokens on disconnect', async () => {
    const info = await getDevnet()
    const modal = await openAccount()
    await tablist()
    tabs()[1]!.click()
    await waitFor(() => selected() === 'Activity' || undefined, 3000, 'Activity selected')
    modal.close()
    modal.open()
    await waitFor(() => modalRoot().querySelector('[role="tabpanel"]:not([hidden]) [data-testid="activity"]'), 5000, 'Activity again on reopening')
    expect(selected()).to.equal('Activity')
    await modal.disconnect()
    expect(modal.chain.state.namespaces.eip155.account.currentTab).to.equal(0)
    modal.chain.setAccount('eip155', {
      status: 'connected',
      address: info.walletAccount,
      caipAddress: `eip155:${info.chains[0]!.chainId}:${info.walletAccount}` as never
    })
    modal.open()
    await waitFor(() => (modal.router.state.view === 'Account' && selected() === 'Tokens') || undefined, 5000, 'Tokens after a new connection')
  })

  it('without Activity (the project turned it off) there are no tabs: the token list alone, whatever the stored tab', async () => {
    const modal = await openAccount()
    await tablist()
    // After the project's remote configuration, which would otherwise turn it back on.
    await modal.servicesReady
    modal.chain.setAccount('eip155', { currentTab: 1 })
    modal.options.applyRemoteFeatures([{ id: 'activity', isEnabled: false }])
    await waitFor(() => !modalRoot().querySelector('[role="tablist"]') || undefined, 5000, 'no tab list')
    expect(modalRoot().querySelector('[data-testid="open-activity"], [data-testid="activity"]')).to.equal(null)
    await waitFor(() => modalRoot().querySelector('[data-testid="total-usd"]'), 5000, 'the token list')
  })
})
