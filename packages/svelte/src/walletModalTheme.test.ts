import { test } from 'node:test'
import assert from 'node:assert/strict'
import { walletModalTheme } from './walletModalTheme.js'
import type { WalletModalThemeState } from '@wallet-modal/core/internal'
import { asBrowser, startRpc, testModal, until } from '../../../test/bindings/testModal.js'

test("walletModalTheme holds the theme and follows the modal's setters", async () => {
  const rpc = await startRpc()
  const modal = testModal(rpc.url)
  try {
    const store = asBrowser(() => walletModalTheme(modal))
    let theme: WalletModalThemeState | undefined
    const stop = store.subscribe(t => (theme = t))
    try {
      assert.deepEqual(theme, { themeMode: 'light', themeVariables: {} })
      modal.setThemeMode('dark')
      await until(() => theme?.themeMode === 'dark', 'the dark mode')
      modal.setThemeVariables({ '--wm-accent': '#ff0000' })
      await until(() => theme?.themeVariables['--wm-accent'] === '#ff0000', 'the accent')
    } finally {
      stop()
    }
  } finally {
    modal.destroy()
    await rpc.close()
  }
})
