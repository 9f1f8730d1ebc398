import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { MAX_FRAME_BYTES, parseRelayFrame } from './parseRelayFrame.js'
import { JsonRpcError } from './JsonRpcError.js'

// A fixed seed: every run tries the same inputs, so a failure reproduces and CI is never flaky.
fc.configureGlobal({ seed: 20261123 })

// Properties of the relay's frame reader: whatever bytes a socket sends, it answers (never
// throws), only well-formed JSON-RPC 2.0 requests come out as requests, and a request's id,
// method and params come out as they went in.

const jsonValue = fc.jsonValue({ maxDepth: 3 })
const id = fc.oneof(fc.integer(), fc.string({ minLength: 1, maxLength: 100 }))
const method = fc.string({ minLength: 1, maxLength: 100 })

describe('parseRelayFrame (properties)', () => {
  it('never throws, and every result is a request, a response or an error the relay can send', () => {
    const frames = fc.oneof(
      fc.uint8Array({ maxLength: 300 }).map(b => Buffer.from(b)),
      fc.string().map(s => Buffer.from(s)),
      jsonValue.map(v => Buffer.from(JSON.stringify(v))),
      fc
        .record(
          { jsonrpc: fc.oneof(fc.constant('2.0'), fc.string()), id: fc.oneof(id, jsonValue), method: fc.oneof(method, jsonValue), params: jsonValue },
          { requiredKeys: [] }
        )
        .map(o => Buffer.from(JSON.stringify(o)))
    )
    fc.assert(
      fc.property(frames, data => {
        const frame = parseRelayFrame(data)
        if (frame.kind === 'invalid') {
          assert.ok(frame.error instanceof JsonRpcError)
          assert.ok(frame.id === null || typeof frame.id === 'string' || typeof frame.id === 'number')
        } else if (frame.kind === 'request') {
          const raw = JSON.parse(data.toString('utf8')) as Record<string, unknown>
          assert.equal(raw.jsonrpc, '2.0')
          assert.equal(typeof frame.method, 'string')
          assert.ok(frame.method.length > 0 && frame.method.length <= 100)
          assert.ok(
            (typeof frame.id === 'number' && Number.isFinite(frame.id)) || (typeof frame.id === 'string' && frame.id.length > 0 && frame.id.length <= 100)
          )
        }
      }),
      { numRuns: 1500 }
    )
  })

  it('a well-formed request comes out as it went in', () => {
    fc.assert(
      fc.property(id, method, jsonValue, (i, m, params) => {
        const frame = parseRelayFrame(Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: i, method: m, params })))
        assert.deepEqual(frame, { kind: 'request', id: i, method: m, params: JSON.parse(JSON.stringify(params)) })
      }),
      { numRuns: 500 }
    )
  })

  it('a frame over the size cap is refused without being read', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2048 }), extra => {
        const frame = parseRelayFrame(Buffer.alloc(MAX_FRAME_BYTES + extra, 0x20))
        assert.equal(frame.kind, 'invalid')
      }),
      { numRuns: 20 }
    )
  })
})
