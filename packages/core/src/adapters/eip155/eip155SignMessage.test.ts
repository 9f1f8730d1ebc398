// personal_sign's answer read by spec §5's shape rule, through the eip155 adapter as flows use it.
import { expect } from 'chai'
import { isWalletModalError } from '../../errors/WalletModalError.js'
import type { AdapterContext } from '../ChainAdapter.js'
import type { Connector, Eip1193Provider } from '../../types/connector.js'
import { createEip155Adapter } from './Eip155Adapter.js'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SIGNATURE = `0x${'cd'.repeat(65)}`

const connectorOf = (answer: unknown, seen: unknown[][] = []): Connector =>
  ({
    id: 'stand-in',
    name: 'Stand-in',
    type: 'INJECTED',
    chain: 'eip155',
    provider: { request: async ({ method, params }) => (seen.push([method, params]), answer) } satisfies Eip1193Provider
  }) as Connector

describe('eip155 signMessage: the wallet answer shape (spec §5)', () => {
  const adapter = createEip155Adapter({} as AdapterContext)

  it('asks personal_sign with the UTF-8 hex of the message and resolves with a hex signature', async () => {
    const seen: unknown[][] = []
    expect(await adapter.signMessage(connectorOf(SIGNATURE, seen), ADDRESS, 'hi')).to.equal(SIGNATURE)
    expect(seen).to.deep.equal([['personal_sign', ['0x6869', ADDRESS]]])
  })

  it('an object response (or anything not 62+ hex digits) is no signature: INVALID_RESPONSE', async () => {
    for (const answer of [{ signature: SIGNATURE }, null, '0xdeadbeef', true]) {
      const e = await adapter.signMessage(connectorOf(answer), ADDRESS, 'hi').catch(err => err)
      expect(isWalletModalError(e, 'INVALID_RESPONSE'), `${JSON.stringify(answer)}: ${e}`).to.equal(true)
    }
  })

  it("the wallet's no stays 'Connection rejected' for the flows to word (USER_REJECTED)", async () => {
    const connector = {
      ...connectorOf(null),
      provider: { request: () => Promise.reject(Object.assign(new Error('User rejected'), { code: 4001 })) }
    } as Connector
    const e = await adapter.signMessage(connector, ADDRESS, 'hi').catch(err => err)
    expect(isWalletModalError(e, 'USER_REJECTED')).to.equal(true)
  })
})
