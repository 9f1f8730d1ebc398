import { expect } from 'chai'
import { createCore, type Core } from '../createCore.js'
import { devnetNetworks, getDevnet, memoryStorage, waitFor } from '../__fixtures__/devnet.js'
import { embeddedState } from './embeddedState.js'
import { socialLogin } from './embeddedLogin.js'

// The social login's popup as state (spec §3 socialWindow): while it is open a second click on the
// provider brings it forward instead of starting another login.
describe('socialWindow', () => {
  const cores: Core[] = []
  const realOpen = window.open
  afterEach(() => {
    window.open = realOpen
    for (const c of cores.splice(0)) c.destroy()
  })

  async function make(): Promise<Core> {
    const core = createCore({
      projectId: 'demo',
      networks: devnetNetworks(await getDevnet()),
      storage: memoryStorage(),
      enableEIP6963: false,
      enableInjected: false,
      enableWalletConnect: false
    })
    cores.push(core)
    return core
  }

  it('a login whose popup is open is focused, not restarted; once it is closed a click opens a new one', async () => {
    const core = await make()
    const opened: string[] = []
    window.open = ((_url?: string, name?: string) => (opened.push(String(name)), null)) as typeof window.open
    let focused = 0
    const fake = { closed: false, focus: () => void focused++, close: () => void (fake.closed = true) }
    const popup = fake as unknown as Window
    embeddedState(core).setSocial({ provider: 'google', step: 'started' })
    embeddedState(core).setSocialWindow(popup)
    expect(await socialLogin(core, 'google')).to.equal(undefined)
    expect(focused).to.equal(1)
    expect(opened).to.deep.equal([])
    expect(embeddedState(core).state.socialWindow).to.equal(popup)

    // Closed by the person: the next click opens a popup (blocked here: the login says so) and
    // the closed one is forgotten.
    fake.closed = true
    expect(await socialLogin(core, 'google')).to.equal(undefined)
    expect(opened).to.deep.equal(['wm-social'])
    await waitFor(() => embeddedState(core).state.social.step === 'error', 3000, 'the blocked popup reported')
    expect(embeddedState(core).state.social.error).to.equal('Failed to initiate social connection')
    expect(embeddedState(core).state.socialWindow).to.equal(undefined)
  })
  it('another provider while a popup is open: the old popup closes and a new login starts', async () => {
    const core = await make()
    const opened: string[] = []
    window.open = ((_url?: string, name?: string) => (opened.push(String(name)), null)) as typeof window.open
    const fake = { closed: false, focus: () => {}, close: () => void (fake.closed = true) }
    embeddedState(core).setSocial({ provider: 'google', step: 'started' })
    embeddedState(core).setSocialWindow(fake as unknown as Window)
    await socialLogin(core, 'github')
    expect(fake.closed).to.equal(true)
    expect(opened).to.deep.equal(['wm-social'])
  })
})
