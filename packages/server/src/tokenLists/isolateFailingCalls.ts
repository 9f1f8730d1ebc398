/** One call's outcome inside a batch that as a whole succeeded. */
export type BatchSlot<R> = { ok: true; value: R } | { ok: false }

/**
 * How {@link isolateFailingCalls} reads: a batch in one call, one item alone, and a call that must
 * succeed on any healthy node. Each rejects when the call fails; `isRefusal` tells a failure the
 * node reported about the call's execution (out of gas, a revert: the content's fault) from one
 * of the node or the network (unreachable, timeout: no bisecting will help).
 */
export interface IsolatingReader<T, R> {
  /** Reads several items in one call: one slot per item, in order. */
  readMany(items: readonly T[]): Promise<readonly BatchSlot<R>[]>
  /** Reads one item in a call of its own: its value, or undefined when it answers nothing usable. */
  readOne(item: T): Promise<R | undefined>
  /** A call of the same kind with nothing in it (an empty batch): it fails only when the node does. */
  canary(): Promise<unknown>
  /** Whether a failure is the node refusing the call's execution, rather than not answering. */
  isRefusal(error: unknown): boolean
}

/** What {@link isolateFailingCalls} found. */
export interface Isolated<R> {
  /** Per item, its value; undefined when it has none: it failed, or the budget ran out before it was read. */
  values: (R | undefined)[]
  /** Indexes of the items that fail a call on their own: the culprits, to leave out from now on. */
  culprits: number[]
  /** Indexes of items left unread when the budget ran out (not culprits: they may be innocent). */
  unresolved: number[]
  /** Calls made (canary included). */
  calls: number
}

/**
 * The most calls {@link isolateFailingCalls} makes for `n` items: `2·⌈log2 n⌉ + 2`, enough to
 * find one culprit (two halves per level, the canary and one more).
 *
 * @param n - Items in the batch that failed.
 */
export function isolationBudget(n: number): number {
  return 2 * Math.ceil(Math.log2(Math.max(1, n))) + 2
}

/**
 * After a batch call failed as a whole (the node refused it: one item burned all the gas, or
 * answered so much that copying it did), finds the item(s) to blame by bisecting, and reads the
 * others. The failed range is split in halves, read together; a half that fails again is split
 * again (depth first: with several culprits, the budget finds one at least, and the next search,
 * without it, the others); a single item is read alone, and one that fails alone is a culprit. A half that succeeds
 * under a failed parent is trusted for the items it answered; its items that failed inside it may
 * be the culprit or its victims (the culprit took the gas they needed), so each is read alone
 * too. A canary call (an empty batch) runs beside the first split: when it fails as well, the node
 * refuses everything and nothing is blamed (the first error is thrown).
 *
 * The number of calls is bounded by `budget` (default {@link isolationBudget}); what is left when
 * it runs out is `unresolved`. Calls that cannot affect one another run together, so the whole
 * search takes about `log2 n` round trips.
 *
 * @example
 * const { values, culprits } = await isolateFailingCalls(tokens, firstError, reader)
 *
 * @param items - The batch that failed.
 * @param error - Its failure (a refusal: anything else is not for bisecting).
 * @param reader - How to read.
 * @param budget - Most calls to make.
 * @throws `error` when the canary fails too; any failure of a call that is not a refusal.
 */
export async function isolateFailingCalls<T, R>(
  items: readonly T[],
  error: unknown,
  reader: IsolatingReader<T, R>,
  budget = isolationBudget(items.length)
): Promise<Isolated<R>> {
  const values: (R | undefined)[] = items.map(() => undefined)
  const culprits: number[] = []
  const unresolved: number[] = []
  // Items that failed inside a half that succeeded: a culprit or its victim, to read alone.
  const suspects: number[] = []
  let left = budget
  let calls = 0
  const spend = (): boolean => {
    if (left <= 0) return false
    left--
    calls++
    return true
  }
  const range = (lo: number, hi: number) => Array.from({ length: hi - lo }, (_, i) => lo + i)

  /** Reads one item alone: its value, or a culprit when the node refuses it. */
  const readAlone = async (index: number): Promise<void> => {
    try {
      values[index] = await reader.readOne(items[index]!)
    } catch (failure) {
      if (!reader.isRefusal(failure)) throw failure
      culprits.push(index)
    }
  }

  /** Reads `[lo, hi)`, whose parent range failed (its call is already paid for); true when the node refused it too. */
  const read = async (lo: number, hi: number): Promise<boolean> => {
    if (hi - lo === 1) {
      await readAlone(lo)
      return false
    }
    let slots: readonly BatchSlot<R>[]
    try {
      slots = await reader.readMany(items.slice(lo, hi))
    } catch (failure) {
      if (!reader.isRefusal(failure)) throw failure
      return true
    }
    slots.forEach((slot, i) => {
      if (slot.ok) values[lo + i] = slot.value
      else suspects.push(lo + i)
    })
    return false
  }

  /**
   * Reads the halves of a failed range `[lo, hi)` (more than one item) together, then searches
   * the ones that failed again, one after the other: depth first, so that with several culprits
   * the budget reaches at least one of them rather than running out a level short of all.
   */
  const split = async (lo: number, hi: number): Promise<void> => {
    if (left < 2) {
      unresolved.push(...range(lo, hi))
      return
    }
    spend()
    spend()
    const mid = lo + Math.ceil((hi - lo) / 2)
    const [first, second] = await Promise.all([read(lo, mid), read(mid, hi)])
    if (first) await split(lo, mid)
    if (second) await split(mid, hi)
  }

  if (!spend()) return { values, culprits, unresolved: range(0, items.length), calls }
  const canary = reader.canary().then(
    () => true,
    (failure: unknown) => {
      if (!reader.isRefusal(failure)) throw failure
      return false
    }
  )
  // A batch of one that failed is that item's fault, once the canary shows the node is well.
  const search = items.length === 1 ? Promise.resolve(culprits.push(0)) : split(0, items.length)
  const [healthy] = await Promise.all([canary, search])
  if (!healthy) throw error

  const asked = suspects.sort((a, b) => a - b).filter(index => spend() || (unresolved.push(index), false))
  await Promise.all(asked.map(readAlone))
  culprits.sort((a, b) => a - b)
  unresolved.sort((a, b) => a - b)
  return { values, culprits, unresolved, calls }
}
