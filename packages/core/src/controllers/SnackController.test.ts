import { expect } from 'chai'
import { install, type Clock } from '@sinonjs/fake-timers'
import { createSnackController, SNACK_RESHOW_MS } from './SnackController.js'
import { WalletModalError, toWalletModalError } from '../errors/WalletModalError.js'

describe('SnackController', () => {
  // The re-show delay runs on a fake clock: its 150 ms are checked to the millisecond, at once.
  let clock: Clock
  beforeEach(() => {
    clock = install({ toFake: ['setTimeout', 'clearTimeout'] })
  })
  afterEach(() => clock.uninstall())

  it('shows success, loading and error banners', () => {
    const s = createSnackController()
    s.showLoading('Working')
    expect(s.state).to.include({ open: true, message: 'Working', variant: 'loading' })
    s.hide()
    expect(s.state.open).to.equal(false)
  })
  it('re-shows a replaced banner after 150 ms', () => {
    const s = createSnackController()
    expect(SNACK_RESHOW_MS).to.equal(150)
    s.showSuccess('One')
    s.showError('Two')
    expect(s.state.open).to.equal(false)
    clock.tick(SNACK_RESHOW_MS - 1)
    expect(s.state.open).to.equal(false)
    clock.tick(1)
    expect(s.state).to.include({ open: true, message: 'Two', variant: 'error' })
  })
  it('hiding during the re-show delay keeps the banner hidden', () => {
    const s = createSnackController()
    s.showSuccess('One')
    s.showError('Two')
    s.hide()
    clock.tick(SNACK_RESHOW_MS)
    expect(s.state).to.include({ open: false, message: 'One' })
  })
  it('an error shows its catalogue words; technical text is kept apart for debug mode, behind the words of what failed', () => {
    const s = createSnackController()
    s.showError(new WalletModalError('SIGNATURE_DECLINED'))
    expect(s.state).to.include({ open: true, message: 'Signature declined', variant: 'error', shortMessage: undefined })
    s.hide()
    s.showError(new WalletModalError('HTTP_ERROR', { shortMessage: 'HTTP status code: 500' }), 'SIWX_FAILED')
    expect(s.state).to.include({ open: true, message: 'Sign-in failed', shortMessage: 'HTTP status code: 500' })
    s.hide()
    // The wallet's own text stays in details: the catalogue words are all that shows.
    s.showError(toWalletModalError(new Error('provider.disconnect is not a function'), 'DISCONNECT_FAILED'), 'DISCONNECT_FAILED')
    expect(s.state).to.include({ message: 'Failed to disconnect', shortMessage: undefined })
    s.hide()
    s.showError(new WalletModalError('DISCONNECT_CHAINS_FAILED', { shortMessage: 'Failed to disconnect chains: eip155: gone' }))
    expect(s.state).to.include({ message: 'Failed to disconnect chains', shortMessage: 'Failed to disconnect chains: eip155: gone' })
    s.hide()
    s.showError('Could not copy the address')
    expect(s.state).to.include({ message: 'Could not copy the address', shortMessage: undefined })
  })
})
