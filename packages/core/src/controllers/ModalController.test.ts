import { expect } from 'chai'
import { createModalController, SHAKE_MS } from './ModalController.js'

describe('ModalController', () => {
  it('opens and closes; closing clears loading', () => {
    const m = createModalController()
    expect(m.state.open).to.equal(false)
    m.open()
    m.setLoading(true)
    expect(m.state).to.include({ open: true, loading: true })
    m.close()
    expect(m.state).to.include({ open: false, loading: false })
  })
  it('shake clears after 500 ms', async () => {
    const m = createModalController()
    expect(SHAKE_MS).to.equal(500)
    m.shake()
    expect(m.state.shake).to.equal(true)
    await new Promise(r => setTimeout(r, 300))
    expect(m.state.shake).to.equal(true)
    await new Promise(r => setTimeout(r, 300))
    expect(m.state.shake).to.equal(false)
  })
})
