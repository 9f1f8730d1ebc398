import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ExpiringCache } from './ExpiringCache.js'

test('ExpiringCache: one load for callers at once, kept until it expires, failures not kept', async () => {
  let now = 0
  let loads = 0
  const cache = new ExpiringCache<string | null>(10, () => now)
  const load = async () => {
    loads++
    return 'value'
  }
  const [a, b] = await Promise.all([cache.get('k', 1000, load), cache.get('k', 1000, load)])
  assert.deepEqual([a, b, loads], ['value', 'value', 1])
  now = 999
  await cache.get('k', 1000, load)
  assert.equal(loads, 1)
  now = 1001
  await cache.get('k', 1000, load)
  assert.equal(loads, 2)

  await assert.rejects(
    cache.get('bad', 1000, () => Promise.reject(new Error('down'))),
    /down/
  )
  assert.equal(await cache.get('bad', 1000, async () => 'back'), 'back')
})

test('ExpiringCache: a lifetime by value, and the oldest key goes when full', async () => {
  let now = 0
  const cache = new ExpiringCache<string | null>(2, () => now)
  await cache.get(
    'none',
    1000,
    async () => null,
    v => (v === null ? 10 : 1000)
  )
  now = 11
  let reloaded = false
  await cache.get('none', 1000, async () => ((reloaded = true), null))
  assert.ok(reloaded, 'a short-lived "none" is asked again')
  await cache.get('a', 1000, async () => 'a')
  await cache.get('b', 1000, async () => 'b')
  assert.equal(cache.size, 2)
  let again = false
  await cache.get('none', 1000, async () => ((again = true), null))
  assert.ok(again, 'the oldest key was dropped')
})
