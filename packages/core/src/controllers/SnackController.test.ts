import { expect } from 'chai'
import { createSnackController, SNACK_RESHOW_MS } from './SnackController.js'

describe('SnackController', () => {
  it('shows success, loading and error banners', () => {
    const s = createSnackController()
    s.showLoading('Working')
    expect(s.state).to.include({ open: true, message: 'Working', variant: 'loading' })
    s.hide()
    expect(s.state.open).to.equal(false)
  })
  it('re-shows a replaced banner after 150 ms', async () => {
    const s = createSnackController()
    expect(SNACK_RESHOW_MS).to.equal(150)
    s.showSuccess('One')
    s.showError('Two')
    expect(s.state.open).to.equal(false)
    await new Promise(r => setTimeout(r, 100))
    expect(s.state.open).to.equal(false)
    await new Promise(r => setTimeout(r, 80))
    expect(s.state).to.include({ open: true, message: 'Two', variant: 'error' })
  })
})
