import { h, render } from './dom.js'
import { api } from './secureApi.js'
import { visibilityGuard } from './visibilityGuard.js'

/**
 * Export of the private keys to their owner, inside the secure site: the keys are fetched and
 * shown here only, after an explicit click, never sent to the site's page. The click counts only
 * once the frame has been in plain view for a moment (the page could cover or fade it to make
 * the person reveal the keys under a decoy: see visibilityGuard).
 */
export function runExportFrame(): void {
  const reveal = h('button', { type: 'button', class: 'primary' }, 'Reveal private keys')
  const status = h('p', { class: 'status', role: 'status' })
  let busy = false
  const guard = visibilityGuard(document.getElementById('root')!, () => (reveal.disabled = busy || !guard.trusted()))
  reveal.disabled = true
  reveal.addEventListener('click', async () => {
    if (busy || !guard.trusted()) return
    busy = true
    reveal.disabled = true
    try {
      const keys = await api<{ eip155: string; solana: string }>('/api/export', {})
      render(
        h('h1', { class: 'sr-only' }, 'Export private keys'),
        h('p', { class: 'warning' }, 'Anyone with these keys controls your wallet. Never share them.'),
        h('h2', {}, 'EVM private key'),
        h('code', { class: 'key', id: 'evm-key' }, keys.eip155),
        // The key is the owner of the smart account, not the account itself.
        h(
          'p',
          { class: 'note' },
          'It also owns your smart account: another wallet that imports it shows the key’s own address, which controls the smart account.'
        ),
        h('h2', {}, 'Solana secret key'),
        h('code', { class: 'key', id: 'solana-key' }, keys.solana)
      )
      guard.stop()
    } catch (error) {
      status.textContent = (error as Error).message
      status.className = 'status error'
      busy = false
      reveal.disabled = !guard.trusted()
    }
  })
  render(
    h('h1', { class: 'sr-only' }, 'Export private keys'),
    h('p', { class: 'warning' }, 'Your keys are shown here, on the wallet’s own site, and nowhere else. Anyone who sees them controls your wallet.'),
    reveal,
    status
  )
}
