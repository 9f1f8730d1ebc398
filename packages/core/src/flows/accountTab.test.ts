// Account's current tab (spec §3 currentTab): per namespace, kept in the account state, back to
// Tokens when the account is reset (as a disconnect does).
import { expect } from 'chai'
import type { Core } from '../createCore.js'
import { ACCOUNT_TABS, selectAccountTab } from './accountTab.js'
import { quietCore } from '../__fixtures__/quietCore.js'

describe('selectAccountTab', () => {
  let core: Core | undefined
  const make = () => (core = quietCore())
  const tabOf = (c: Core, ns: 'eip155' | 'solana') => c.chain.state.namespaces[ns].account.currentTab
  afterEach(() => {
    core?.destroy()
    core = undefined
  })

  it('starts on Tokens (0); a choice is the active namespace’s account state, as its index in ACCOUNT_TABS', () => {
    const c = make()
    expect(ACCOUNT_TABS).to.deep.equal(['tokens', 'activity'])
    expect(c.chain.activeAccount().currentTab).to.equal(0)
    selectAccountTab(c, 'activity')
    expect(c.chain.activeAccount().currentTab).to.equal(1)
    selectAccountTab(c, 'tokens')
    expect(c.chain.activeAccount().currentTab).to.equal(0)
  })

  it('keeps each namespace’s own tab and goes back to Tokens on a reset', () => {
    const c = make()
    selectAccountTab(c, 'activity', 'solana')
    expect([tabOf(c, 'solana'), tabOf(c, 'eip155')]).to.deep.equal([1, 0])
    c.chain.resetAccount('solana')
    expect(tabOf(c, 'solana')).to.equal(0)
  })
})
