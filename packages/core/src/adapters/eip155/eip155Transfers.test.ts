// The wallet's answers to sending requests, read by spec §5's shape rule: a transaction response
// (a hash, or a 62+ hex signature) or an object response. Stand-in EIP-1193 providers answer as
// given; nothing here needs a chain.
import { expect } from 'chai'
import { isWalletModalError } from '../../errors/WalletModalError.js'
import type { AdapterContext, ContractCall } from '../ChainAdapter.js'
import type { Connector, Eip1193Provider } from '../../types/connector.js'
import { TEST_NETWORKS } from '../../__fixtures__/networks.js'
import { createEip155Transfers, eip155BatchCalls, sendEip155Call } from './eip155Transfers.js'

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const HASH = `0x${'ab'.repeat(32)}`

/** A provider answering every request with `answer`, and recording the methods asked. */
function answering(answer: unknown): Eip1193Provider & { methods: string[] } {
  const methods: string[] = []
  return { methods, request: async ({ method }) => (methods.push(method), answer) }
}
const connectorOf = (provider: Eip1193Provider): Connector => ({ id: 'stand-in', name: 'Stand-in', type: 'INJECTED', chain: 'eip155', provider }) as Connector
// Sending asks only the wallet: the site's RPC (the context) is not read.
const transfers = createEip155Transfers({} as AdapterContext)
const transfer = { network: TEST_NETWORKS[0]!, from: FROM, to: TO, amount: 1n }
const call: ContractCall = { network: TEST_NETWORKS[0]!, from: FROM, to: TO, data: '0x', value: 0n }

describe('eip155 sending: the wallet answer shape (spec §5)', () => {
  it('a transaction hash is the sent transaction', async () => {
    expect(await transfers.send(connectorOf(answering(HASH)), transfer)).to.equal(HASH)
    expect(await sendEip155Call(answering(HASH), call)).to.equal(HASH)
  })

  it('an object response to eth_sendTransaction is no transaction: TRANSACTION_FAILED, not an endless pending send', async () => {
    for (const answer of [{ hash: HASH }, null, '0x1234', 'done']) {
      const sent = await transfers.send(connectorOf(answering(answer)), transfer).catch(e => e)
      expect(isWalletModalError(sent, 'TRANSACTION_FAILED'), `${JSON.stringify(answer)}: ${sent}`).to.equal(true)
      const called = await sendEip155Call(answering(answer), call).catch(e => e)
      expect(isWalletModalError(called, 'TRANSACTION_FAILED'), `${JSON.stringify(answer)}: ${called}`).to.equal(true)
    }
  })

  it('wallet_sendCalls: an object response carries the batch id; a transaction response is the id itself', async () => {
    const batches = eip155BatchCalls(c => c.provider!)
    expect(await batches.send(connectorOf(answering({ id: 'batch-7' })), [call])).to.equal('batch-7')
    // EIP-5792's first version answered the id as a string (a hash).
    expect(await batches.send(connectorOf(answering(HASH)), [call])).to.equal(HASH)
    for (const answer of [{}, { id: 7 }, { id: '' }, 'pending', null]) {
      const e = await batches.send(connectorOf(answering(answer)), [call]).catch(err => err)
      expect(isWalletModalError(e, 'TRANSACTION_FAILED'), JSON.stringify(answer)).to.equal(true)
    }
  })
})
