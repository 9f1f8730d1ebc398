// The embedded wallet as a Wallet Standard wallet: several transactions given to signTransaction
// at once are one approval (solana_signAllTransactions), signed all or none. The frame is a
// recording stand-in answering as the secure site does.
import { expect } from 'chai'
import { base64 } from '@scure/base'
import { TEST_NETWORKS } from '../../__fixtures__/networks.js'
import { embeddedSolanaWallet } from './embeddedSolanaWallet.js'
import type { FrameClient } from './FrameClient.js'

type SignTransaction = (...inputs: { transaction: Uint8Array; chain?: string }[]) => Promise<{ signedTransaction: Uint8Array }[]>

describe('embeddedSolanaWallet signTransaction', () => {
  const signed = (tx: string) => base64.encode(new Uint8Array([...base64.decode(tx), 0xff]))
  let asked: { method: string; params: unknown; chainId: unknown }[]
  const make = (answer?: (params: { transaction?: string; transactions?: string[] }) => unknown) => {
    asked = []
    const frame = {
      async request(_type: string, payload: { method: string; params: { transaction?: string; transactions?: string[] }; chainId: unknown }) {
        asked.push(payload)
        if (answer) return { result: answer(payload.params) }
        return {
          result:
            payload.method === 'solana_signAllTransactions'
              ? { transactions: payload.params.transactions!.map(signed) }
              : { transaction: signed(payload.params.transaction!) }
        }
      }
    }
    const w = embeddedSolanaWallet(frame as unknown as FrameClient, [TEST_NETWORKS[2]!], 'data:,', { onSignOut() {} })
    return (w.features['solana:signTransaction'] as { signTransaction: SignTransaction }).signTransaction
  }

  it('signs several transactions in one request (solana_signAllTransactions), in order', async () => {
    const sign = make()
    const out = await sign({ transaction: new Uint8Array([1]) }, { transaction: new Uint8Array([2]) })
    expect(asked).to.deep.equal([
      {
        method: 'solana_signAllTransactions',
        params: { transactions: [base64.encode(new Uint8Array([1])), base64.encode(new Uint8Array([2]))] },
        chainId: 'solana:devnet'
      }
    ])
    expect(out.map(o => [...o.signedTransaction])).to.deep.equal([
      [1, 0xff],
      [2, 0xff]
    ])
  })

  it('signs one transaction as before (solana_signTransaction), and nothing for none', async () => {
    const sign = make()
    expect((await sign({ transaction: new Uint8Array([7]) })).map(o => [...o.signedTransaction])).to.deep.equal([[7, 0xff]])
    expect(asked.map(a => a.method)).to.deep.equal(['solana_signTransaction'])
    expect(await sign()).to.deep.equal([])
  })

  it('refuses transactions for two networks at once, and an answer with another number of transactions', async () => {
    const sign = make(() => ({ transactions: [base64.encode(new Uint8Array([1]))] }))
    const twoNetworks = await sign(
      { transaction: new Uint8Array([1]), chain: 'solana:devnet' },
      { transaction: new Uint8Array([2]), chain: 'solana:other' }
    ).then(
      () => 'signed',
      (e: Error) => e.message
    )
    expect(twoNetworks).to.equal('The transactions signed together must be for one network')
    expect(asked).to.deep.equal([])
    const short = await sign({ transaction: new Uint8Array([1]) }, { transaction: new Uint8Array([2]) }).then(
      () => 'signed',
      (e: Error) => e.message
    )
    expect(short).to.equal('The wallet answered a different number of transactions')
  })
})
