import { resetWarnOnce } from '../controllers/warnOnce.js'

/**
 * Inside a `describe`: each test starts as a fresh page (no configuration warning said yet) and
 * the console's warnings are recorded instead of printed. Read `warnings.list` in a test.
 *
 * @example
 * const warnings = captureWarnings()
 * it('warns', () => { warnOnce('k', 'x'); expect(warnings.list).to.deep.equal(['[wallet-modal] x']) })
 */
export function captureWarnings(): { readonly list: string[] } {
  const captured = { list: [] as string[] }
  const warn = console.warn
  beforeEach(() => {
    resetWarnOnce()
    captured.list = []
    console.warn = (...a: unknown[]) => void captured.list.push(a.join(' '))
  })
  afterEach(() => {
    console.warn = warn
  })
  return captured
}
