// What the relay remembers of each topic's size, so it trims a topic only when a write may have
// taken it past its bounds: unknown topics and topics over a bound are trimmed, the others not;
// what a trim left is the new starting point; other processes' writes and the cap on remembered
// topics make it ask again.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { RelayTopicSizes } from './RelayTopicSizes.js'

const bounds = { maxMessages: 3, maxBytes: 100 }
const written = (topic: string, count = 1, bytes = 10) => Array.from({ length: count }, () => ({ topic, bytes }))

describe('RelayTopicSizes', () => {
  it('trims a topic it does not know, then only once it goes past the message bound', () => {
    const sizes = new RelayTopicSizes(bounds)
    assert.deepEqual(sizes.add(written('a')), ['a'])
    sizes.set(['a'], new Map([['a', { messages: 1, bytes: 10 }]]))
    assert.deepEqual(sizes.add(written('a')), [])
    assert.deepEqual(sizes.add(written('a')), [])
    // A fourth message: over 3.
    assert.deepEqual(sizes.add(written('a')), ['a'])
    sizes.set(['a'], new Map([['a', { messages: 3, bytes: 30 }]]))
    assert.deepEqual(sizes.add(written('a')), ['a'])
  })

  it('trims once the bytes go past the byte bound, but never for a topic holding one message', () => {
    const sizes = new RelayTopicSizes(bounds)
    sizes.set(['a', 'b'], new Map([['a', { messages: 1, bytes: 60 }]]))
    // The newest message always stays: one large message alone is within bounds.
    assert.deepEqual(sizes.add(written('b', 1, 500)), [])
    assert.deepEqual(sizes.add(written('a', 1, 50)), ['a'])
  })

  it('names a topic once however many of its messages were written together', () => {
    const sizes = new RelayTopicSizes(bounds)
    assert.deepEqual(sizes.add([...written('a', 5), ...written('b', 2), ...written('a')]), ['a', 'b'])
  })

  it('takes a topic missing from what a trim left as empty', () => {
    const sizes = new RelayTopicSizes(bounds)
    sizes.set(['gone'], new Map())
    assert.deepEqual(sizes.add(written('gone', 3)), [])
    assert.deepEqual(sizes.add(written('gone')), ['gone'])
  })

  it('asks again for topics another process wrote to, for those a failed trim left unknown, and beyond its cap', () => {
    const sizes = new RelayTopicSizes(bounds, 2)
    sizes.set(['a', 'b'], new Map())
    sizes.forget(['a', 'unknown'])
    assert.deepEqual(sizes.add([...written('a'), ...written('b')]), ['a'])
    sizes.set(['a'], new Map([['a', { messages: 1, bytes: 10 }]]))
    // A third topic: the one trimmed longest ago (b) is forgotten.
    sizes.set(['c'], new Map())
    assert.equal(sizes.size, 2)
    assert.deepEqual(sizes.add([...written('a'), ...written('b'), ...written('c')]), ['b'])
  })

  it('does not keep what a trim read when another process wrote to the topic while it ran', () => {
    const sizes = new RelayTopicSizes(bounds)
    assert.deepEqual(sizes.add(written('a')), ['a'])
    // While the trim runs, another process's announcement: its write may come after what the trim read.
    sizes.forget(['a'])
    sizes.set(['a'], new Map([['a', { messages: 1, bytes: 10 }]]))
    assert.deepEqual(sizes.add(written('a')), ['a'], 'unknown again: its next write trims it')
    // That trim is kept: nothing was forgotten while it ran.
    sizes.set(['a'], new Map([['a', { messages: 2, bytes: 20 }]]))
    assert.deepEqual(sizes.add(written('a')), [])
  })

  it('asks again for topics whose trim failed, and keeps the next trim of them', () => {
    const sizes = new RelayTopicSizes(bounds)
    sizes.add(written('a'))
    sizes.forget(['a'])
    sizes.trimFailed(['a'])
    assert.deepEqual(sizes.add(written('a')), ['a'])
    sizes.set(['a'], new Map([['a', { messages: 1, bytes: 10 }]]))
    assert.deepEqual(sizes.add(written('a')), [])
  })
})
