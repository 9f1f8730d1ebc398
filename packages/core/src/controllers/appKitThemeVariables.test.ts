import { expect } from 'chai'
import { captureWarnings } from '../__fixtures__/captureWarnings.js'
import { TEST_NETWORKS } from '../__fixtures__/networks.js'
import { toWalletModalThemeVariables } from './appKitThemeVariables.js'
import { fromAppKit } from './appKitOptions.js'
import { resolveOptions } from './resolveOptions.js'
import { createThemeController } from './ThemeController.js'
import { nextTask } from '../__fixtures__/nextTask.js'

describe('AppKit theme variables', () => {
  // Each test is a fresh page: nothing was said yet.
  const warnings = captureWarnings()

  it('each --w3m-* variable with an equivalent becomes ours, value unchanged', () => {
    expect(
      toWalletModalThemeVariables({
        '--w3m-accent': '#00bb7f',
        '--w3m-font-family': 'Roboto, sans-serif',
        '--w3m-font-size-master': '9px',
        '--w3m-border-radius-master': '1px',
        '--w3m-z-index': 1000,
        '--w3m-qr-color': '#123456'
      })
    ).to.deep.equal({
      '--wm-accent': '#00bb7f',
      '--wm-font-family': 'Roboto, sans-serif',
      '--wm-font-size-master': '9px',
      '--wm-border-radius-master': '1px',
      '--wm-z-index': 1000,
      '--wm-qr-color': '#123456'
    })
    expect(warnings.list).to.deep.equal([])
  })

  it('AppKit’s later --apkt-* names are read too; ours win, then --apkt-*, then --w3m-*, in any order', () => {
    expect(toWalletModalThemeVariables({ '--apkt-accent': 'blue', '--w3m-accent': 'red' })).to.deep.equal({ '--wm-accent': 'blue' })
    expect(toWalletModalThemeVariables({ '--wm-accent': 'green', '--apkt-accent': 'blue', '--w3m-accent': 'red' })).to.deep.equal({ '--wm-accent': 'green' })
    expect(toWalletModalThemeVariables({ '--w3m-z-index': 5, '--wm-z-index': 7 })).to.deep.equal({ '--wm-z-index': 7 })
    expect(toWalletModalThemeVariables({ '--apkt-qr-color': '#000' })).to.deep.equal({ '--wm-qr-color': '#000' })
    expect(warnings.list).to.deep.equal([])
  })

  it('one without an equivalent, or neither ours nor AppKit’s, is left out with one warning per name per page', () => {
    const vars = { '--w3m-color-mix': '#00bb7f', '--w3m-color-mix-strength': 40, '--w3m-accent-color': 'red', color: 'red', '--wm-accent': 'green' }
    expect(toWalletModalThemeVariables(vars)).to.deep.equal({ '--wm-accent': 'green' })
    expect(toWalletModalThemeVariables(vars)).to.deep.equal({ '--wm-accent': 'green' })
    expect(warnings.list).to.deep.equal([
      '[wallet-modal] AppKit theme variable "--w3m-color-mix" has no equivalent and is ignored (set the --wm-color-* variables instead)',
      '[wallet-modal] AppKit theme variable "--w3m-color-mix-strength" has no equivalent and is ignored (set the --wm-color-* variables instead)',
      '[wallet-modal] unknown theme variable "--w3m-accent-color" ignored',
      '[wallet-modal] unknown theme variable "color" ignored'
    ])
    // Names of Object.prototype are not variables of the table.
    expect(toWalletModalThemeVariables({ '--w3m-constructor': 'x' })).to.deep.equal({})
  })

  it('the theme the modal starts with reads AppKit’s names through fromAppKit; setThemeVariables takes ours and tells of others', async () => {
    const options = resolveOptions(
      fromAppKit({
        projectId: 'p',
        networks: TEST_NETWORKS.map(({ caipNetworkId, ...n }) => n),
        themeMode: 'dark',
        themeVariables: { '--w3m-accent': '#00bb7f', '--w3m-font-family': 'Roboto' }
      })
    )
    const theme = createThemeController(options.themeMode, options.themeVariables)
    expect(theme.state).to.deep.equal({ themeMode: 'dark', themeVariables: { '--wm-accent': '#00bb7f', '--wm-font-family': 'Roboto' } })
    theme.setThemeVariables({ '--wm-accent': '#ff0000', '--w3m-z-index': 10 })
    expect(theme.state.themeVariables).to.deep.equal({ '--wm-accent': '#ff0000', '--wm-font-family': 'Roboto' })
    // Told from the chunk of configuration warnings: wait for it, then for its calls.
    await import('./optionNames.js')
    await nextTask()
    expect(warnings.list).to.deep.equal(['[wallet-modal] unknown theme variable "--w3m-z-index" ignored (AppKit\'s: wrap the options in fromAppKit())'])
  })
})
