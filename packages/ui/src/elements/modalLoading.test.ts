// The modal's loading flag (spec §3): opened before the dialog's code has loaded, the modal says it
// is loading until the dialog shows, then not. (Its own file: each test file gets a fresh page, so
// the dialog's code is not loaded yet.)
import { expect } from 'chai'
import { cleanup, makeModal, modalRoot, waitFor } from '../__fixtures__/setup.js'
import { subscribe } from 'valtio/vanilla'

describe('<wallet-modal> loading flag', () => {
  afterEach(() => cleanup())

  it("is on while an opened modal waits for the dialog's code, and off once the dialog shows", async () => {
    const modal = await makeModal({ enableInjected: false, enableEIP6963: false })
    const seen: boolean[] = []
    const off = subscribe(modal.modal.state, () => seen.push(modal.modal.state.loading))
    try {
      expect(modal.getState().loading).to.equal(false)
      modal.open()
      await waitFor(() => modalRoot().querySelector('[role="dialog"]'), 10000, 'the dialog')
      await waitFor(() => !modal.getState().loading, 5000, 'loading to end')
      expect(seen).to.include(true)
      expect(seen.at(-1)).to.equal(false)
      // Opened again, the code is there: no loading.
      modal.close()
      seen.length = 0
      modal.open()
      await waitFor(() => modalRoot().querySelector('[role="dialog"]'), 5000, 'the dialog again')
      expect(seen.includes(true)).to.equal(false)
    } finally {
      off()
    }
  })
})
