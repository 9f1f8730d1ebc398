import { expect } from 'chai'
import { captureWarnings } from '../__fixtures__/captureWarnings.js'
import { TEST_NETWORKS } from '../__fixtures__/networks.js'
import type { WalletModalOptions } from '../types/options.js'
import { resolveOptions } from './resolveOptions.js'
import { nextTask } from '../__fixtures__/nextTask.js'

const networks = TEST_NETWORKS.map(({ caipNetworkId, ...n }) => n)

describe('options the modal does not know', () => {
  // Each test is a fresh page: nothing was said yet.
  const warnings = captureWarnings()

  it('a typo or an AppKit name given as is: told once per name, pointing to fromAppKit; ours never', async () => {
    const given = { projectId: 'p', networks, themeMode: 'dark', colour: 'red', allWallets: 'HIDE' } as unknown as WalletModalOptions
    const o = resolveOptions(given)
    resolveOptions(given)
    expect(o.themeMode).to.equal('dark')
    // The AppKit value had no effect: our default stands.
    expect(o.features.allWallets).to.equal(true)
    // Told from a chunk loaded after the options are read: wait for the chunk, then for its calls.
    await import('./optionNames.js')
    await nextTask()
    expect(warnings.list).to.deep.equal([
      '[wallet-modal] unknown option "colour" ignored (AppKit\'s options: wrap them in fromAppKit(), docs/migrating/from-appkit.md)',
      '[wallet-modal] unknown option "allWallets" ignored (AppKit\'s options: wrap them in fromAppKit(), docs/migrating/from-appkit.md)'
    ])
  })
})
