import { expect } from 'chai'
import { createCore, type Core } from '../createCore.js'
import { TEST_NETWORKS } from '../__fixtures__/networks.js'
import { memoryStorage } from '../__fixtures__/devnet.js'
import { openModal } from './openModal.js'
import { popTransactionStack, pushTransactionStack, transactionStackDepth } from './transactionStack.js'

describe('transaction stack (spec §2)', () => {
  let core: Core
  beforeEach(() => {
    core = createCore({
      projectId: 'test',
      networks: TEST_NETWORKS,
      enableInjected: false,
      enableEIP6963: false,
      enableReconnect: false,
      storage: memoryStorage()
    })
  })
  afterEach(() => core.destroy())

  it('a send waits on it; on success Account replaces the top view and onSuccess runs once; an empty stack does nothing', () => {
    core.router.reset('Account')
    core.router.push('WalletSend')
    core.router.push('WalletSendPreview')
    const calls: string[] = []
    pushTransactionStack(core, { replace: 'Account', onSuccess: () => calls.push('success'), onCancel: () => calls.push('cancel') })
    expect(transactionStackDepth(core)).to.equal(1)
    popTransactionStack(core, 'success')
    expect(core.router.state.history).to.deep.equal(['Account', 'WalletSend', 'Account'])
    expect(calls).to.deep.equal(['success'])
    expect(popTransactionStack(core, 'success')).to.equal(undefined)
    expect(calls).to.deep.equal(['success'])
  })

  it("an approval on top of a send: settled, its view pops back to the send's; the send then settles on its own", () => {
    core.router.reset('Account')
    core.router.push('WalletSendPreview')
    const calls: string[] = []
    pushTransactionStack(core, { replace: 'Account', onSuccess: () => calls.push('send ok'), onCancel: () => calls.push('send cancelled') })
    pushTransactionStack(core, { view: 'ApproveTransaction', onCancel: () => calls.push('approval cancelled') })
    expect(core.router.state.view).to.equal('ApproveTransaction')
    popTransactionStack(core, 'cancel')
    expect(core.router.state.view).to.equal('WalletSendPreview')
    popTransactionStack(core, 'cancel')
    expect(core.router.state.view, 'a failed send stays where it failed').to.equal('WalletSendPreview')
    expect(calls).to.deep.equal(['approval cancelled', 'send cancelled'])
    expect(transactionStackDepth(core)).to.equal(0)
  })

  it('an approval that opened the modal closes it when settled', () => {
    openModal(core, { view: 'ApproveTransaction' })
    pushTransactionStack(core, { view: 'ApproveTransaction' })
    expect(core.router.state.history).to.deep.equal(['ApproveTransaction'])
    expect(core.modal.state.open).to.equal(true)
    popTransactionStack(core, 'success')
    expect(core.modal.state.open).to.equal(false)
  })
})
