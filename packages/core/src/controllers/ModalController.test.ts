import { expect } from 'chai'
import { install, type Clock } from '@sinonjs/fake-timers'
import { createModalController, SHAKE_MS } from './ModalController.js'

describe('ModalController', () => {
  // The shake's timer runs on a fake clock: its 500 ms are checked to the millisecond, at once.
  let clock: Clock
  beforeEach(() => {
    clock = install({ toFake: ['setTimeout', 'clearTimeout'] })
  })
  afterEach(() => clock.uninstall())

  it('opens and closes; closing clears loading', () => {
    const m = createModalController()
    expect(m.state.open).to.equal(false)
    m.open()
    m.setLoading(true)
    expect(m.state).to.include({ open: true, loading: true })
    m.close()
    expect(m.state).to.include({ open: false, loading: false })
  })
  it('shake clears after 500 ms', () => {
    const m = createModalController()
    expect(SHAKE_MS).to.equal(500)
    m.shake()
    expect(m.state.shake).to.equal(true)
    clock.tick(SHAKE_MS - 1)
    expect(m.state.shake).to.equal(true)
    clock.tick(1)
    expect(m.state.shake).to.equal(false)
  })
  it('a second shake restarts the 500 ms', () => {
    const m = createModalController()
    m.shake()
    clock.tick(300)
    m.shake()
    clock.tick(SHAKE_MS - 1)
    expect(m.state.shake).to.equal(true)
    clock.tick(1)
    expect(m.state.shake).to.equal(false)
  })
})
