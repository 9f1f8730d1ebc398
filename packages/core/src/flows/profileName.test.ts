// Spec §9: names end in the service's suffix (.reown.id) or a legacy one (.wcn.id); the modal
// recognises both as the server's NameService does. No service is asked here.
import { expect } from 'chai'
import { createCore, type Core } from '../createCore.js'
import { TEST_NETWORKS } from '../__fixtures__/networks.js'
import { memoryStorage } from '../__fixtures__/devnet.js'
import { nameSuffix, nameSuffixes, serviceNameLabel } from './profileName.js'
import { namesState, setAccountNameInput } from './accountNames.js'

describe('name suffixes: the service’s own and the legacy .wcn.id (spec §9)', () => {
  let core: Core | undefined
  const make = () => (core = createCore({ projectId: 'test', networks: TEST_NETWORKS, storage: memoryStorage(), enableInjected: false, enableEIP6963: false }))
  afterEach(() => {
    core?.destroy()
    core = undefined
  })

  it('without a configured name service: .reown.id, then the legacy .wcn.id', () => {
    const c = make()
    expect(nameSuffix(c)).to.equal('.reown.id')
    expect(nameSuffixes(c)).to.deep.equal(['.reown.id', '.wcn.id'])
    expect(serviceNameLabel(c, 'Alice.WCN.id')).to.equal('alice')
    expect(serviceNameLabel(c, 'alice.reown.id')).to.equal('alice')
    expect(serviceNameLabel(c, 'alice.eth')).to.equal(undefined)
    expect(serviceNameLabel(c, '.wcn.id')).to.equal(undefined)
  })

  it("follows the server's nameService entry: its suffix first, its legacy list (malformed entries dropped)", () => {
    const c = make()
    c.options.applyRemoteFeatures([
      { id: 'nameService', isEnabled: true, config: { suffix: '.walletmodal.id', legacySuffixes: ['.wcn.id', 'no-dot', '.walletmodal.id', 7] } }
    ])
    expect(nameSuffixes(c)).to.deep.equal(['.walletmodal.id', '.wcn.id'])
    expect(serviceNameLabel(c, 'bob.wcn.id')).to.equal('bob')
    expect(serviceNameLabel(c, 'bob.reown.id')).to.equal(undefined)
    c.options.applyRemoteFeatures([{ id: 'nameService', isEnabled: true, config: { suffix: '.walletmodal.id', legacySuffixes: [] } }])
    expect(nameSuffixes(c)).to.deep.equal(['.walletmodal.id'])
  })

  it('RegisterAccountName: a pasted legacy name is its own part, as a pasted current one is', () => {
    const c = make()
    setAccountNameInput(c, 'carol-1.wcn.id')
    expect([namesState(c).state.input, namesState(c).state.ruleError]).to.deep.equal(['carol-1', undefined])
    setAccountNameInput(c, ' Carol-1.reown.id ')
    expect([namesState(c).state.input, namesState(c).state.ruleError]).to.deep.equal(['carol-1', undefined])
    // Any other dotted text is not a name of the service: the rule says why.
    setAccountNameInput(c, 'carol.eth')
    expect(namesState(c).state.input).to.equal('carol.eth')
    expect(namesState(c).state.ruleError).to.equal('letters, digits and hyphens, at least 4 characters')
  })
})
