import { expect } from 'chai'
import { resetWarnOnce, warnOnce } from './warnOnce.js'

describe('warnOnce', () => {
  it('writes a prefixed warning once per key until reset', () => {
    const warnings: string[] = []
    const warn = console.warn
    console.warn = (...a: unknown[]) => void warnings.push(a.join(' '))
    try {
      resetWarnOnce()
      expect(warnOnce('option:x', 'unknown option "x" ignored')).to.equal(true)
      expect(warnOnce('option:x', 'unknown option "x" ignored')).to.equal(false)
      expect(warnOnce('option:y', 'unknown option "y" ignored')).to.equal(true)
      resetWarnOnce()
      warnOnce('option:x', 'unknown option "x" ignored')
    } finally {
      console.warn = warn
    }
    expect(warnings).to.deep.equal([
      '[wallet-modal] unknown option "x" ignored',
      '[wallet-modal] unknown option "y" ignored',
      '[wallet-modal] unknown option "x" ignored'
    ])
  })
})
