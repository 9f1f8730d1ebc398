import { test } from 'node:test'
import assert from 'node:assert/strict'
import { effectScope } from 'vue'
import { useWalletModalTheme } from './useWalletModalTheme.js'
import { asBrowser, settled, startRpc, testModal, until } from '../../../test/bindings/testModal.js'

test("useWalletModalTheme shows the theme and follows its setters and the modal's own", async () => {
  const rpc = await startRpc()
  const modal = testModal(rpc.url)
  const scope = effectScope()
  try {
    const { themeMode, themeVariables, setThemeMode, setThemeVariables } = asBrowser(() => scope.run(() => useWalletModalTheme({ modal }))!)
    assert.equal(themeMode.value, 'light')
    assert.deepEqual(themeVariables.value, {})
    setThemeMode('dark')
    await until(() => themeMode.value === 'dark', 'the dark mode')
    setThemeVariables({ '--wm-accent': '#ff0000' })
    await until(() => themeVariables.value['--wm-accent'] === '#ff0000', 'the accent')
    modal.setThemeMode('light')
    await until(() => themeMode.value === 'light', 'the mode the modal was given')
    // Once the scope ends, the theme's subscription is released: a later change is not followed.
    scope.stop()
    modal.setThemeMode('dark')
    await settled()
    assert.equal(themeMode.value, 'light')
  } finally {
    scope.stop()
    modal.destroy()
    await rpc.close()
  }
})
