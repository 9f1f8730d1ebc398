import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { privateKeyToAccount } from 'viem/accounts'
import { base58 } from '@scure/base'
// The modal's message builder: what a wallet is asked to sign is what the server reads back.
import { formatSIWXMessage, type SIWXMessageData } from '@wallet-modal/core'
import { encodeP2wpkhAddress } from '../bitcoin/bitcoinAddress.js'
import { parseSiwxMessage } from './parseSiwxMessage.js'
import { parseCaip122Message } from './parseCaip122Message.js'

// A fixed seed: every run tries the same inputs, so a failure reproduces and CI is never flaky.
fc.configureGlobal({ seed: 20261123 })

// Sign-in messages: the modal formats them (core's formatSIWXMessage), the server parses the
// signed text (parseSiwxMessage). Round trip: every field the modal wrote is read back as written.
// And whatever text a caller posts, parsing never throws and reads only well-formed fields.

const host = fc
  .tuple(
    fc.stringMatching(/^[a-z]([a-z0-9-]{0,13}[a-z0-9])?$/),
    fc.constantFrom('example', 'shop.example', 'localhost'),
    fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined })
  )
  .map(([label, base, port]) => `${label}.${base}${port ? `:${port}` : ''}`)
// ISO times with milliseconds, as the modal writes them (toISOString).
const time = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 0, 1) }).map(ms => new Date(ms).toISOString())
const statement = fc.option(
  fc.stringMatching(/^[A-Za-z0-9 ,.!?'-]{1,80}$/).filter(s => s.trim() === s && !s.startsWith('URI: ')),
  { nil: undefined }
)
const nonce = fc.stringMatching(/^[a-zA-Z0-9]{8,32}$/)
const resources = fc.option(fc.array(fc.webUrl({ withQueryParameters: true }), { minLength: 1, maxLength: 3 }), { nil: undefined })

const evmAccount = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .filter(k => k.some(b => b !== 0))
  .map(k => {
    try {
      return privateKeyToAccount(`0x${Buffer.from(k).toString('hex')}`).address
    } catch {
      return privateKeyToAccount('0x0000000000000000000000000000000000000000000000000000000000000001').address
    }
  })
const chainAndAddress = fc.oneof(
  fc.tuple(
    fc.integer({ min: 1, max: 2147483647 }).map(n => `eip155:${n}`),
    evmAccount
  ),
  fc.tuple(
    fc.constant('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'),
    fc.uint8Array({ minLength: 32, maxLength: 32 }).map(k => base58.encode(k))
  ),
  fc.tuple(
    fc.constant('bip122:000000000019d6689c085ae165831e93'),
    fc.uint8Array({ minLength: 20, maxLength: 20 }).map(h => encodeP2wpkhAddress(h, 'Mainnet'))
  )
)

const message: fc.Arbitrary<SIWXMessageData> = fc
  .record({
    domain: host,
    chain: chainAndAddress,
    statement,
    nonce,
    issuedAt: time,
    expirationTime: fc.option(time, { nil: undefined }),
    notBefore: fc.option(time, { nil: undefined }),
    requestId: fc.option(fc.stringMatching(/^[a-zA-Z0-9-]{1,20}$/), { nil: undefined }),
    resources
  })
  .map(r => ({
    domain: r.domain,
    accountAddress: r.chain[1],
    statement: r.statement,
    uri: `https://${r.domain}/login`,
    version: '1' as const,
    chainId: r.chain[0] as `${string}:${string}`,
    nonce: r.nonce,
    issuedAt: r.issuedAt,
    expirationTime: r.expirationTime,
    notBefore: r.notBefore,
    requestId: r.requestId,
    resources: r.resources
  }))

describe('sign-in messages: modal format ↔ server parse (properties)', () => {
  it('every message the modal formats is read back field for field', () => {
    fc.assert(
      fc.property(message, m => {
        const text = formatSIWXMessage(m)
        const parsed = parseSiwxMessage(text)
        assert.ok(parsed, text)
        assert.equal(parsed.chainId, m.chainId)
        assert.equal(parsed.namespace, m.chainId.split(':')[0])
        assert.equal(parsed.domain, m.domain)
        assert.equal(parsed.address, m.accountAddress)
        assert.equal(parsed.statement, m.statement)
        assert.equal(parsed.uri, m.uri)
        assert.equal(parsed.nonce, m.nonce)
        assert.equal(parsed.issuedAt.toISOString(), m.issuedAt)
        assert.equal(parsed.expirationTime?.toISOString(), m.expirationTime)
        assert.equal(parsed.notBefore?.toISOString(), m.notBefore)
        assert.equal(parsed.requestId, m.requestId)
        assert.deepEqual(parsed.resources, m.resources)
      }),
      { numRuns: 300 }
    )
  })

  it('any text: parsing never throws, and what it reads is well formed', () => {
    const lines = fc.array(
      fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.constantFrom(
          'URI: https://a.example',
          'Version: 1',
          'Chain ID: 1',
          'Nonce: abcdefgh12',
          'Issued At: 2026-01-01T00:00:00Z',
          'Resources:',
          '- https://a.example',
          '',
          'a.example wants you to sign in with your constructor account:',
          'a.example wants you to sign in with your Ethereum account:'
        )
      ),
      { maxLength: 14 }
    )
    // Messages in the right layout with a hostile header and chain line: the family a caller names
    // is free text, and object member names (`constructor`) must not read as known families.
    const family = fc.oneof(
      fc.constantFrom('Ethereum', 'Solana', 'Bitcoin', 'constructor', 'toString', 'valueOf', 'hasOwnProperty'),
      fc.stringMatching(/^[A-Za-z0-9 ]{1,40}$/)
    )
    const chainLine = fc.oneof(
      fc.stringMatching(/^(?:[-a-z0-9]{3,8}:)?[-_a-zA-Z0-9]{1,32}$/),
      fc.constantFrom('1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'bip122:000000000019d6689c085ae165831e93')
    )
    const address = fc.oneof(
      fc.stringMatching(/^[-.%a-zA-Z0-9]{1,64}$/),
      fc.constantFrom('0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf', '11111111111111111111111111111111')
    )
    const laidOut = fc
      .tuple(family, address, chainLine, nonce)
      .map(
        ([f, a, c, n]) =>
          `a.example wants you to sign in with your ${f} account:\n${a}\n\nURI: https://a.example\nVersion: 1\nChain ID: ${c}\nNonce: ${n}\nIssued At: 2026-01-01T00:00:00Z`
      )
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          lines.map(l => l.join('\n')),
          laidOut
        ),
        text => {
          const fields = parseCaip122Message(text)
          if (fields) assert.equal(typeof fields.family, 'string')
          const parsed = parseSiwxMessage(text)
          if (!parsed) return
          assert.equal(typeof parsed.namespace, 'string')
          assert.match(parsed.chainId, /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/)
          assert.ok(parsed.chainId.startsWith(`${parsed.namespace}:`))
          assert.ok(!Number.isNaN(parsed.issuedAt.getTime()))
        }
      ),
      { numRuns: 1500 }
    )
  })
})
