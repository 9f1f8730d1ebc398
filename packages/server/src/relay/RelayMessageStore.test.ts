// The relay's mailbox on the embedded database: a batch is stored in input order with each
// message once (a copy in the same batch, or a retried publish, is a duplicate), and a trim keeps
// a topic within its bounds and says what it left.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { openStore } from '../db/openStore.js'
import type { Store } from '../db/Store.js'
import { type NewRelayMessage, RelayMessageStore } from './RelayMessageStore.js'

// Now: a message expires `ttl` seconds after it was published.
const NOW = Date.now()

const input = (topic: string, message: string, bytes = message.length): NewRelayMessage => ({
  topic,
  message: message.padEnd(bytes, '.'),
  tag: 1108,
  ttl: 300,
  publisher: 'did:key:sender',
  publishedAt: NOW,
  projectId: 'demo',
  quotaKey: '127.0.0.1'
})

describe('RelayMessageStore', () => {
  let store: Store
  let messages: RelayMessageStore
  before(async () => {
    store = await openStore({})
    messages = new RelayMessageStore(store)
  })
  after(async () => {
    await store?.close()
  })

  it('stores a batch in order, each message once', async () => {
    const batch = [input('t1', 'a'), input('t2', 'b'), input('t1', 'a'), input('t1', 'c')]
    const stored = await messages.saveAll(batch)
    assert.deepEqual(
      stored.map(m => m && [m.topic, m.message, m.tag, m.publishedAt, m.publisher]),
      [['t1', 'a', 1108, NOW, 'did:key:sender'], ['t2', 'b', 1108, NOW, 'did:key:sender'], undefined, ['t1', 'c', 1108, NOW, 'did:key:sender']]
    )
    const ids = stored.filter(m => m !== undefined).map(m => m.id)
    assert.deepEqual(
      ids,
      [...ids].sort((x, y) => x - y),
      'ids follow the input order'
    )
    // Retried: nothing new.
    assert.deepEqual(await messages.saveAll([input('t1', 'c'), input('t2', 'b')]), [undefined, undefined])
    assert.deepEqual(
      (await messages.unexpired(['t1', 't2'], 'reader', 10)).map(m => m.id),
      ids
    )
  })

  it('trims topics to their bounds and answers what each holds', async () => {
    await messages.saveAll(['1', '2', '3', '4'].map(m => input('t3', m, 40)))
    await messages.saveAll([input('t4', 'big', 500)])
    const left = await messages.trim(['t3', 't4', 'empty'], { maxMessages: 3, maxBytes: 100 })
    assert.deepEqual(Object.fromEntries(left), { t3: { messages: 2, bytes: 80 }, t4: { messages: 1, bytes: 500 } })
    assert.deepEqual(
      (await messages.unexpired(['t3'], 'reader', 10)).map(m => m.message.slice(0, 1)),
      ['3', '4']
    )
  })
})
