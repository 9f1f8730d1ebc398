import { expect } from 'chai'
import fc from 'fast-check'
import * as v from 'valibot'
import { Caip10Schema, Caip2Schema } from '@wallet-modal/wire'
import { WalletModalError } from '../errors/WalletModalError.js'
import { getPlainAddress, isCaipAddress, isCaipNetworkId, parseCaipAddress, parseCaipNetworkId, toCaipAddress } from './caip.js'
import type { CaipNetworkId } from '../types/network.js'

// A fixed seed: every run tries the same inputs, so a failure reproduces and CI is never flaky.
fc.configureGlobal({ seed: 20261123 })

// CAIP ids come from wallets, sites and services. Spec §5: a network id has exactly two non-empty
// colon-separated parts, an account id exactly three. The parsers throw nothing but
// WalletModalError with the catalogue's code, accept exactly what the rule allows, and round trip.

const part = fc.string({ minLength: 1, maxLength: 20 }).filter(s => !s.includes(':'))
const anyText = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.array(fc.oneof(part, fc.constant('')), { maxLength: 5 }).map(p => p.join(':'))
)

/** A value in a failure message; String() itself throws for objects like `{ toString: 0 }`. */
const shown = (value: unknown) => fc.stringify(value)

/** What the spec's rule says about `text` for `count` parts. */
const ruleAccepts = (text: unknown, count: number) => typeof text === 'string' && text.split(':').length === count && text.split(':').every(p => p !== '')

describe('CAIP-2 / CAIP-10 parsing (properties)', () => {
  it('accepts exactly the spec’s shapes, and refuses everything else with the catalogue’s error', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, fc.anything()), value => {
        for (const [count, parse, is, code] of [
          [2, parseCaipNetworkId, isCaipNetworkId, 'INVALID_CAIP2_NETWORK_ID'],
          [3, parseCaipAddress, isCaipAddress, 'INVALID_CAIP10_ADDRESS']
        ] as const) {
          const ok = ruleAccepts(value, count)
          expect(is(value)).to.equal(ok)
          try {
            parse(value)
            expect(ok, `accepted ${shown(value)}`).to.equal(true)
          } catch (err) {
            expect(err).to.be.instanceOf(WalletModalError)
            expect((err as WalletModalError).code).to.equal(code)
            expect(ok, `refused ${shown(value)}`).to.equal(false)
          }
        }
        try {
          getPlainAddress(value)
        } catch (err) {
          expect((err as WalletModalError).code).to.equal('INVALID_CAIP_ADDRESS')
        }
      }),
      { numRuns: 1000 }
    )
  })

  it('round trips: toCaipAddress(parse(id)) is the id, and parse(toCaipAddress(network, address)) gives the parts back', () => {
    fc.assert(
      fc.property(part, part, part, (ns, ref, address) => {
        const network = `${ns}:${ref}` as CaipNetworkId
        expect(parseCaipNetworkId(network)).to.deep.equal({ namespace: ns, chainId: ref })
        const caip10 = toCaipAddress(network, address)
        const parsed = parseCaipAddress(caip10)
        expect(parsed).to.deep.equal({ namespace: ns, chainId: ref, address })
        expect(toCaipAddress(`${parsed.namespace}:${parsed.chainId}` as CaipNetworkId, parsed.address)).to.equal(caip10)
        expect(getPlainAddress(caip10)).to.equal(address)
      }),
      { numRuns: 500 }
    )
  })

  it('whatever the wire contract accepts, the modal reads the same way', () => {
    const caip2 = fc.tuple(fc.stringMatching(/^[-a-z0-9]{3,8}$/), fc.stringMatching(/^[-_a-zA-Z0-9]{1,32}$/)).map(([a, b]) => `${a}:${b}`)
    const caip10 = fc.tuple(caip2, fc.stringMatching(/^[-.%a-zA-Z0-9]{1,128}$/)).map(([n, a]) => `${n}:${a}`)
    fc.assert(
      fc.property(fc.oneof(caip2, caip10, anyText), text => {
        if (v.is(Caip2Schema, text)) expect(isCaipNetworkId(text), text).to.equal(true)
        if (v.is(Caip10Schema, text)) expect(isCaipAddress(text), text).to.equal(true)
      }),
      { numRuns: 1000 }
    )
  })
})
