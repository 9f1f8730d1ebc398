import { after, before } from 'node:test'

/**
 * Records the unhandled promise rejections that happen while the tests of the enclosing
 * `describe` run (a background job that leaks one would otherwise only print a warning).
 *
 * @returns The rejection reasons, filled in as they happen.
 */
export function useRejectionLog(): readonly unknown[] {
  const rejections: unknown[] = []
  const onRejection = (reason: unknown) => rejections.push(reason)
  before(() => {
    process.on('unhandledRejection', onRejection)
  })
  after(() => {
    process.off('unhandledRejection', onRejection)
  })
  return rejections
}
