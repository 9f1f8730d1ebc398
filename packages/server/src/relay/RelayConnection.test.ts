// The push frames the relay writes directly instead of serialising an object: the same JSON the
// object would give, whatever the topic and message hold.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { pushData } from './RelayConnection.js'

describe('pushData', () => {
  it('is the JSON of { topic, message, publishedAt, tag }, escapes included', () => {
    for (const [topic, message] of [
      ['a'.repeat(64), 'AAEC+/base64=='],
      ['quote " and \\ backslash', 'line\nbreak, tab\t, nul \u0000, é, 😀, lone surrogate \ud800'],
      ['', '</script>']
    ]) {
      const message_ = { id: 7, topic: topic!, message: message!, publishedAt: 1_764_250_000_123, tag: 1108, publisher: 'p' }
      const text = pushData(message_)
      assert.equal(text, JSON.stringify({ topic, message, publishedAt: message_.publishedAt, tag: message_.tag }))
      assert.deepEqual(JSON.parse(text), { topic, message, publishedAt: message_.publishedAt, tag: 1108 })
    }
  })
})
