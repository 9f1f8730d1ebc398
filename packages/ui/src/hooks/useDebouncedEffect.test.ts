import { expect } from 'chai'
import { sendKeys } from '@web/test-runner-commands'
import { SEARCH_DEBOUNCE_MS } from '@wallet-modal/core/internal'
import { cleanup, getDevnet, makeModal, modalRoot, waitFor } from '../__fixtures__/setup.js'
import { DEBOUNCE_MS } from './useDebouncedEffect.js'

/** Time from the last `input` event on `input` until `done()` holds. */
async function waitAfterTyping(input: HTMLInputElement, text: string, done: () => boolean): Promise<number> {
  let last = 0
  input.addEventListener('input', () => (last = performance.now()))
  input.focus()
  await sendKeys({ type: text })
  await waitFor(done, 5000, 'the debounced action')
  return performance.now() - last
}

describe('debounced input', () => {
  afterEach(cleanup)

  it('waits the default 500 ms (spec §9) before judging a typed receiver', async () => {
    expect(DEBOUNCE_MS).to.equal(500)
    const modal = await makeModal()
    modal.open({ view: 'WalletSend' })
    const to = await waitFor(
      () => [...modalRoot().querySelectorAll('label')].find(l => l.textContent === 'To')?.control as HTMLInputElement | undefined,
      5000,
      'the To field'
    )
    // Not an address and not a name: judged as soon as the wait is over.
    const waited = await waitAfterTyping(to, 'no!', () => to.getAttribute('aria-invalid') === 'true')
    expect(waited).to.be.at.least(DEBOUNCE_MS)
    expect(waited).to.be.below(DEBOUNCE_MS + 1500)
  })

  it('the wallet search keeps its own 300 ms wait', async () => {
    expect(SEARCH_DEBOUNCE_MS).to.equal(300)
    const info = await getDevnet()
    const modal = await makeModal({ projectId: 'demo', serviceUrl: info.serviceUrl })
    modal.open({ view: 'AllWallets' })
    const search = await waitFor(() => modalRoot().querySelector<HTMLInputElement>('input[type="search"]'), 5000, 'the search box')
    // The search records its query as it starts.
    const waited = await waitAfterTyping(search, 'harbor', () => modal.api.state.searchQuery === 'harbor')
    expect(waited).to.be.at.least(SEARCH_DEBOUNCE_MS)
    await waitFor(
      () => [...modalRoot().querySelectorAll('.wm-grid-item')].some(b => b.getAttribute('aria-label') === 'Harbor Wallet'),
      5000,
      'Harbor Wallet found'
    )
  })
})
