// Spec §8 'CaipNetwork or CaipAddress is undefined': switching the account type with no account.
import { expect } from 'chai'
import { createCore, type Core } from '../createCore.js'
import { TEST_NETWORKS } from '../__fixtures__/networks.js'
import { memoryStorage } from '../__fixtures__/devnet.js'
import { switchAccountType } from './accountType.js'
import { EMBEDDED_WALLET } from '../core/featureKeys.js'

describe('switching the account type (spec §4)', () => {
  let core: Core | undefined
  afterEach(() => {
    core?.destroy()
    core = undefined
  })

  it("without an account to switch, says 'CaipNetwork or CaipAddress is undefined' and asks no wallet", async () => {
    core = createCore({ projectId: 'test', networks: TEST_NETWORKS, storage: memoryStorage(), enableInjected: false, enableEIP6963: false })
    expect(core.chain.state.namespaces.eip155.account.caipAddress).to.equal(undefined)
    await switchAccountType(core, 'eoa')
    expect([core.snack.state.open, core.snack.state.variant, core.snack.state.message, core.snack.state.key]).to.deep.equal([
      true,
      'error',
      'CaipNetwork or CaipAddress is undefined',
      'error.CAIP_UNDEFINED'
    ])
    expect(core.runtime.slots.get(EMBEDDED_WALLET), 'the embedded wallet was not made').to.equal(undefined)
  })
})
