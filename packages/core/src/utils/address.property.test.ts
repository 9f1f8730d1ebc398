import { expect } from 'chai'
import fc from 'fast-check'
import { getAddress } from 'viem'
import { WalletModalError } from '../errors/WalletModalError.js'
import { MAX_EVM_CHAIN_ID, assertEvmChainId, isEvmAddress, isSolanaAddress } from './address.js'
import { bitcoinNetworkOfAddress, BITCOIN_NETWORKS } from '../adapters/bip122/bitcoinNetworks.js'

// A fixed seed: every run tries the same inputs, so a failure reproduces and CI is never flaky.
fc.configureGlobal({ seed: 20261123 })

// Address and chain id checks of spec §5, on input from wallets and visitors: never throw (or only
// WalletModalError 'Invalid chainId'), accept exactly the spec's shapes.

const hex40 = fc.stringMatching(/^[0-9a-fA-F]{40}$/)
const base58 = fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{28,48}$/)

describe('address checks (properties)', () => {
  it('EVM: 40 hex digits with an optional 0x, in any case (checksummed or not); nothing else', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          hex40,
          hex40.map(h => `0x${h}`),
          hex40.map(h => getAddress(`0x${h}`)),
          fc.string({ maxLength: 45 }),
          fc.anything()
        ),
        value => {
          const ok = typeof value === 'string' && /^(0x)?[0-9a-fA-F]{40}$/.test(value)
          expect(isEvmAddress(value)).to.equal(ok)
        }
      ),
      { numRuns: 1000 }
    )
  })

  it('Solana: base58, 32 to 44 characters; nothing else', () => {
    fc.assert(
      fc.property(fc.oneof(base58, fc.string({ maxLength: 50 }), fc.anything()), value => {
        const ok = typeof value === 'string' && value.length >= 32 && value.length <= 44 && /^[1-9A-HJ-NP-Za-km-z]+$/.test(value)
        expect(isSolanaAddress(value)).to.equal(ok)
      }),
      { numRuns: 1000 }
    )
  })

  it('EVM chain ids: 1 to 2147483647 as a number, decimal or 0x text; everything else is "Invalid chainId"', () => {
    const inRange = fc.integer({ min: 1, max: MAX_EVM_CHAIN_ID - 1 })
    fc.assert(
      fc.property(
        fc.oneof(
          inRange,
          inRange.map(String),
          inRange.map(n => `0x${n.toString(16)}`),
          fc.double(),
          fc.integer(),
          fc.string({ maxLength: 15 }),
          fc.anything()
        ),
        value => {
          try {
            const n = assertEvmChainId(value)
            expect(Number.isSafeInteger(n) && n > 0 && n < MAX_EVM_CHAIN_ID, fc.stringify(value)).to.equal(true)
            expect(n).to.equal(typeof value === 'number' ? value : Number(value))
          } catch (err) {
            expect(err).to.be.instanceOf(WalletModalError)
            expect((err as WalletModalError).code).to.equal('INVALID_CHAIN_ID')
          }
        }
      ),
      { numRuns: 1000 }
    )
  })

  it('Bitcoin: the network of any text is a known Bitcoin network or undefined, never a throw', () => {
    const known = new Set(Object.values(BITCOIN_NETWORKS))
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.stringMatching(/^(bc|tb|bcrt|BC|TB)1[02-9ac-hj-np-z]{6,60}$/), fc.stringMatching(/^[123mn][1-9A-HJ-NP-Za-km-z]{25,34}$/)),
        address => {
          const id = bitcoinNetworkOfAddress(address)
          expect(id === undefined || known.has(id)).to.equal(true)
        }
      ),
      { numRuns: 1000 }
    )
  })
})
