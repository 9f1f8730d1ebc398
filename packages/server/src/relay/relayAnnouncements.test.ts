// What server processes tell each other about stored relay messages: ids and topics, within
// PostgreSQL's payload limit, read back exactly, and nothing made of a stranger's NOTIFY.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readRelayAnnouncement, relayAnnouncements } from './relayAnnouncements.js'

const message = (id: number) => ({ id, topic: id.toString(16).padStart(64, '0'), message: 'x'.repeat(60_000), tag: 1, publishedAt: 0, publisher: 'p' })

describe('relayAnnouncements', () => {
  it('splits hundreds of messages into payloads under 8000 bytes that read back to the same ids and topics', () => {
    const messages = Array.from({ length: 500 }, (_, i) => message(i + 1))
    const payloads = relayAnnouncements('instance-a', messages)
    assert.ok(payloads.length > 1)
    for (const payload of payloads) assert.ok(Buffer.byteLength(payload) < 8000, `${Buffer.byteLength(payload)} bytes`)
    const read = payloads.map(p => readRelayAnnouncement(p)!)
    assert.ok(read.every(a => a.from === 'instance-a'))
    assert.deepEqual(
      read.flatMap(a => a.messages),
      messages.map(m => [m.id, m.topic])
    )
    assert.deepEqual(relayAnnouncements('instance-a', []), [])
  })

  it('ignores payloads that are not announcements, and entries that are not [id, topic]', () => {
    for (const payload of ['', 'not json', '[]', 'null', '{"from":1,"messages":[]}', '{"from":"a"}'])
      assert.equal(readRelayAnnouncement(payload), undefined, payload)
    assert.deepEqual(readRelayAnnouncement('{"from":"a","messages":[[1,"t"],["2","t"],[1.5,"t"],[3],[4,5],"x",null,[6,"u"]]}'), {
      from: 'a',
      messages: [
        [1, 't'],
        [6, 'u']
      ]
    })
  })
})
