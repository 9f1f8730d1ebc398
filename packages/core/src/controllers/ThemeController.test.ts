import { expect } from 'chai'
import { createThemeController } from './ThemeController.js'

describe('ThemeController', () => {
  it('switches mode and accepts only --wm- variables', () => {
    const t = createThemeController('light', { '--wm-accent': '#f00' })
    t.setThemeMode('dark')
    t.setThemeVariables({ '--wm-z-index': 5, color: 'red' })
    expect(t.state.themeMode).to.equal('dark')
    expect(t.state.themeVariables).to.deep.equal({ '--wm-accent': '#f00', '--wm-z-index': 5 })
  })
})
