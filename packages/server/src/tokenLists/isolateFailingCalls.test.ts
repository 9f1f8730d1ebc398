// The bisecting search against a model of Multicall3 under a gas cap: a culprit takes all the gas,
// so a batch fails when anything comes after it, and when it comes last the batch succeeds with the
// culprit (and nothing else) failed inside. Every position, several sizes, two culprits, a node
// that refuses everything, a node that stops answering.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { isolateFailingCalls, isolationBudget, type BatchSlot, type IsolatingReader } from './isolateFailingCalls.js'

class Refusal extends Error {}

/** Items 0..n-1 whose value is `i * 10`, except the culprits; counts every call. */
function model(culprits: readonly number[], options: { refuseAll?: boolean; down?: boolean } = {}) {
  const bad = new Set(culprits)
  const reader: IsolatingReader<number, number> & { calls: number } = {
    calls: 0,
    async readMany(items) {
      reader.calls++
      if (options.down) throw new Error('unreachable')
      if (options.refuseAll) throw new Refusal('rate limited')
      const first = items.findIndex(i => bad.has(i))
      // After a culprit, the rest of the batch runs on 1/64 of the gas: a following call kills the whole batch.
      if (first >= 0 && first < items.length - 1) throw new Refusal('out of gas')
      return items.map((i): BatchSlot<number> => (bad.has(i) ? { ok: false } : { ok: true, value: i * 10 }))
    },
    async readOne(item) {
      reader.calls++
      if (options.refuseAll || bad.has(item)) throw new Refusal('out of gas')
      return item * 10
    },
    async canary() {
      reader.calls++
      if (options.refuseAll) throw new Refusal('rate limited')
    },
    isRefusal: error => error instanceof Refusal
  }
  return reader
}

const items = (n: number) => Array.from({ length: n }, (_, i) => i)

describe('isolateFailingCalls', () => {
  it('finds one culprit at any position, reads every other item, within 2·⌈log2 n⌉ + 2 calls', async () => {
    for (const n of [1, 2, 3, 5, 8, 13, 40, 64, 100, 500]) {
      for (let culprit = 0; culprit < n; culprit += n > 64 ? 7 : 1) {
        // A batch with the culprit last does not fail: only the others are a real case.
        if (n > 1 && culprit === n - 1) continue
        const reader = model([culprit])
        const found = await isolateFailingCalls(items(n), new Refusal('out of gas'), reader)
        const where = `n=${n}, culprit ${culprit}`
        assert.deepEqual(found.culprits, [culprit], where)
        assert.deepEqual(found.unresolved, [], where)
        assert.deepEqual(
          found.values,
          items(n).map(i => (i === culprit ? undefined : i * 10)),
          where
        )
        assert.equal(found.calls, reader.calls, where)
        assert.ok(reader.calls <= isolationBudget(n), `${where}: ${reader.calls} calls, budget ${isolationBudget(n)}`)
      }
    }
  })

  it('with several culprits: never a wrong value, what the budget does not reach is unresolved, and a second search finds the rest', async () => {
    const n = 64
    const culprits = [3, 17, 40, 41]
    let known: number[] = []
    for (let round = 0; round < 4 && known.length < culprits.length; round++) {
      // Each round reads the items not yet known to fail, as readBalances does with FailingTokens.
      const left = items(n).filter(i => !known.includes(i))
      const reader = model(culprits)
      const found = await isolateFailingCalls(left, new Refusal('out of gas'), reader)
      assert.ok(reader.calls <= isolationBudget(left.length))
      found.values.forEach((value, k) => assert.ok(value === undefined || value === left[k]! * 10))
      for (const k of found.culprits) assert.ok(culprits.includes(left[k]!), `blames only culprits: ${left[k]}`)
      assert.equal(new Set([...found.culprits, ...found.unresolved, ...found.values.flatMap((v, k) => (v === undefined ? [] : [k]))]).size, found.values.length)
      known = [...known, ...found.culprits.map(k => left[k]!)]
    }
    assert.deepEqual(
      known.sort((a, b) => a - b),
      culprits
    )
  })

  it('blames nothing when the node refuses even an empty batch: the first error is thrown', async () => {
    const first = new Refusal('rate limited')
    const reader = model([], { refuseAll: true })
    await assert.rejects(isolateFailingCalls(items(40), first, reader), error => error === first)
    assert.ok(reader.calls <= isolationBudget(40))
    await assert.rejects(isolateFailingCalls([0], first, model([], { refuseAll: true })), error => error === first)
  })

  it('a failure that is not a refusal (the node stopped answering) ends the search with it', async () => {
    await assert.rejects(isolateFailingCalls(items(8), new Refusal('out of gas'), model([2], { down: true })), /unreachable/)
  })

  it('a budget of 0 reads nothing and leaves everything unresolved', async () => {
    const reader = model([1])
    const found = await isolateFailingCalls(items(4), new Refusal('out of gas'), reader, 0)
    assert.deepEqual([found.unresolved, found.culprits, reader.calls], [[0, 1, 2, 3], [], 0])
  })
})
