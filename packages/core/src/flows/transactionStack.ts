import type { Core } from '../core/Core.js'
import type { ViewId } from '../controllers/RouterController.js'
import { closeModal } from './openModal.js'

/**
 * One waiting transaction of the modal's transaction stack (spec §2): what it showed, and what
 * happens when it settles.
 */
export interface TransactionStackEntry {
  /** A view pushed while it waits (ApproveTransaction): popped when it settles, either way. */
  view?: ViewId
  /** Where the modal goes after a success (send and swap: Account replaces the top of the stack). */
  replace?: ViewId
  /** Called once, after a success. */
  onSuccess?: () => void
  /** Called once, after a cancel or a failure. */
  onCancel?: () => void
}

const stacks = new WeakMap<Core, TransactionStackEntry[]>()
const stackOf = (core: Core) => {
  let stack = stacks.get(core)
  if (!stack) stacks.set(core, (stack = []))
  return stack
}

/**
 * Puts a transaction on the stack, showing its view if it has one. Transactions nest: a send
 * waiting for the embedded wallet's approval has the approval on top of it.
 *
 * @param core - The modal's core.
 * @param entry - See {@link TransactionStackEntry}.
 * @example
 * ```ts
 * pushTransactionStack(core, { replace: 'Account', onSuccess: () => core.snack.showSuccess('Transaction sent') })
 * ```
 */
export function pushTransactionStack(core: Core, entry: TransactionStackEntry): void {
  stackOf(core).push(entry)
  // A modal opened on this view already shows it.
  if (entry.view && core.router.state.view !== entry.view) core.router.push(entry.view)
}

/**
 * Settles the transaction on top of the stack: its view (if it pushed one and still shows it) is
 * popped, or the modal closes when it was the only view; after a success the modal goes where the
 * entry says and `onSuccess` runs, after a cancel `onCancel`. Nothing happens on an empty stack.
 *
 * @param core - The modal's core.
 * @param outcome - How it ended.
 * @returns The settled entry, if there was one.
 */
export function popTransactionStack(core: Core, outcome: 'success' | 'cancel'): TransactionStackEntry | undefined {
  const entry = stackOf(core).pop()
  if (!entry) return undefined
  const { router } = core
  if (entry.view && router.state.view === entry.view) {
    if (router.state.history.length > 1) router.goBack()
    else closeModal(core)
  }
  if (outcome === 'success') {
    if (entry.replace) router.replace(entry.replace)
    entry.onSuccess?.()
  } else entry.onCancel?.()
  return entry
}

/** How many transactions wait on the stack (for tests and the views). */
export const transactionStackDepth = (core: Core): number => stackOf(core).length
