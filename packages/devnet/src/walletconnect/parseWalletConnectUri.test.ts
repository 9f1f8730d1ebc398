import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { parseWalletConnectUri } from './parseWalletConnectUri.js'
import { WalletInputError } from './WalletInputError.js'

const topic = 'a'.repeat(64)
const symKey = 'b'.repeat(64)
const good = `wc:${topic}@2?relay-protocol=irn&symKey=${symKey}&expiryTimestamp=2000000000`

describe('parseWalletConnectUri', () => {
  it('reads a v2 pairing link, ignoring surrounding white space', () => {
    assert.deepEqual(parseWalletConnectUri(`  ${good}\n`, 0), { topic, symKey, relayProtocol: 'irn', expiryTimestamp: 2000000000 })
    assert.deepEqual(parseWalletConnectUri(`wc:${topic}@2?symKey=${symKey}&relay-protocol=irn&methods=wc_sessionPropose`), {
      topic,
      symKey,
      relayProtocol: 'irn'
    })
  })

  it('says what is wrong with anything else', () => {
    const cases: [unknown, RegExp][] = [
      [undefined, /Paste a WalletConnect link/],
      ['   ', /Paste a WalletConnect link/],
      [42, /Paste a WalletConnect link/],
      ['https://example.com', /must start with "wc:"/],
      ['wc:', /Malformed/],
      [`wc:${topic}@1?relay-protocol=irn&symKey=${symKey}`, /version 1/],
      [`wc:${'z'.repeat(64)}@2?relay-protocol=irn&symKey=${symKey}`, /topic/],
      [`wc:${topic}@2?relay-protocol=irn`, /symKey/],
      [`wc:${topic}@2?relay-protocol=irn&symKey=abc`, /symKey/],
      [`wc:${topic}@2?symKey=${symKey}`, /relay-protocol/],
      [`wc:${topic}@2?relay-protocol=irn&symKey=${symKey}&expiryTimestamp=1000`, /expired/]
    ]
    for (const [input, message] of cases) {
      assert.throws(
        () => parseWalletConnectUri(input),
        (error: unknown) => {
          assert.ok(error instanceof WalletInputError, String(input))
          assert.match(error.message, message, String(input))
          return true
        }
      )
    }
  })
})
