import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { bech32, bech32m } from '@scure/base'
import { decodeBitcoinAddress, encodeP2trAddress, encodeP2wpkhAddress } from './bitcoinAddress.js'
import type { BitcoinNetwork } from './bitcoinNetworks.js'

// A fixed seed: every run tries the same inputs, so a failure reproduces and CI is never flaky.
fc.configureGlobal({ seed: 20261123 })

// Bitcoin addresses come from wallets and sign-in messages: decoding never throws, what it
// accepts is one of the standard types with the program length that type has, and encoding a
// key hash or output key then decoding it gives the same program back.

const network = fc.constantFrom<BitcoinNetwork>('Mainnet', 'Testnet', 'Testnet4', 'Signet', 'Regtest')
const HRP: Record<BitcoinNetwork, string> = { Mainnet: 'bc', Testnet: 'tb', Testnet4: 'tb', Signet: 'tb', Regtest: 'bcrt' }
const LENGTH = { p2pkh: 20, p2sh: 20, p2wpkh: 20, p2wsh: 32, p2tr: 32 } as const

describe('decodeBitcoinAddress (properties)', () => {
  it('P2WPKH and P2TR round trip: decode(encode(program)) gives the program, type and prefix back', () => {
    fc.assert(
      fc.property(network, fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.uint8Array({ minLength: 32, maxLength: 32 }), (net, keyHash, outputKey) => {
        const wpkh = decodeBitcoinAddress(encodeP2wpkhAddress(keyHash, net))
        assert.equal(wpkh?.type, 'p2wpkh')
        assert.equal(wpkh?.prefix, HRP[net])
        assert.deepEqual([...wpkh!.program], [...keyHash])
        const tr = decodeBitcoinAddress(encodeP2trAddress(outputKey, net).toUpperCase())
        assert.equal(tr?.type, 'p2tr')
        assert.deepEqual([...tr!.program], [...outputKey])
      }),
      { numRuns: 300 }
    )
  })

  it('never throws; what it accepts has its type’s program length; the wrong checksum variant is refused', () => {
    const words = fc.array(fc.integer({ min: 0, max: 31 }), { minLength: 1, maxLength: 70 })
    const segwitLike = fc.tuple(fc.constantFrom('bc', 'tb', 'bcrt', 'bx'), fc.integer({ min: 0, max: 31 }), words, fc.boolean()).map(([hrp, version, w, m]) => {
      try {
        return (m ? bech32m : bech32).encode(hrp, [version, ...w], 200)
      } catch {
        return `${hrp}1${w.join('')}`
      }
    })
    const inputs = fc.oneof(
      fc.string({ maxLength: 100 }),
      fc.stringMatching(/^(bc|tb|bcrt)1[02-9ac-hj-np-z]{6,80}$/),
      fc.stringMatching(/^(BC|TB|BCRT)1[02-9AC-HJ-NP-Z]{6,80}$/),
      fc.stringMatching(/^[123mn][1-9A-HJ-NP-Za-km-z]{25,34}$/),
      segwitLike
    )
    fc.assert(
      fc.property(inputs, address => {
        const decoded = decodeBitcoinAddress(address)
        if (!decoded) return
        assert.equal(decoded.program.length, LENGTH[decoded.type], address)
        if (decoded.type === 'p2wpkh' || decoded.type === 'p2wsh')
          assert.doesNotThrow(() => bech32.decode(address.toLowerCase() as `${string}1${string}`, 200), address)
        if (decoded.type === 'p2tr') assert.doesNotThrow(() => bech32m.decode(address.toLowerCase() as `${string}1${string}`, 200), address)
      }),
      { numRuns: 2000 }
    )
  })
})
