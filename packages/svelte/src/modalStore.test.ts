// The stores in a server render as SvelteKit does it: a real Svelte component, compiled for the
// server and rendered with svelte/server, reading the stores with `$store` and through `fromStore`.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { compile } from 'svelte/compiler'
import { render } from 'svelte/server'
import { register } from 'tsx/esm/api'
import type { Component } from 'svelte'
import type { WalletModal, WalletModalInitialState } from '@wallet-modal/core/internal'
import { ADDRESS, countSubscriptions, returningVisitor, startRpc, testModal } from '../../../test/bindings/testModal.js'

const ACCOUNT_SVELTE = `<script lang="ts">
  import { fromStore } from 'svelte/store'
  import { walletModalAccount, walletModalNetwork, walletModalState } from '@wallet-modal/svelte'
  let { modal, initialState } = $props()
  const account = walletModalAccount(modal, { initialState })
  const network = walletModalNetwork(modal, { initialState })
  const state = fromStore(walletModalState(modal, { initialState }))
</script>
<p>{$account.status} {$account.address ?? '-'} {$network?.name ?? '-'} {state.current.selectedNetworkId ?? '-'}</p>`

/** The component compiled for the server, its imports pointed at this package's sources and the installed svelte. */
async function serverComponent(): Promise<Component<{ modal: WalletModal | undefined; initialState: WalletModalInitialState | undefined }>> {
  const { js } = compile(ACCOUNT_SVELTE, { generate: 'server', filename: 'Account.svelte' })
  const code = js.code
    .replace(/from ['"](svelte\/[\w/-]+|svelte)['"]/g, (_, name: string) => `from ${JSON.stringify(import.meta.resolve(name))}`)
    .replace(/from ['"]@wallet-modal\/svelte['"]/, `from ${JSON.stringify(pathToFileURL(fileURLToPath(new URL('./exports/index.ts', import.meta.url))).href)}`)
  const dir = mkdtempSync(join(tmpdir(), 'wm-svelte-ssr-'))
  // The component imports this package's TypeScript at run time: tsx loads it, also when this file
  // runs from its bundle (npm test, docs/ARCHITECTURE.md "Tests") rather than through tsx.
  const unregister = register()
  try {
    writeFileSync(join(dir, 'Account.mjs'), code)
    return (await import(pathToFileURL(join(dir, 'Account.mjs')).href)).default
  } finally {
    await unregister()
    rmSync(dir, { recursive: true, force: true })
  }
}

test("a SvelteKit server render shows the cookie's returning visitor as reconnecting, through $store and fromStore, and subscribes to nothing", async () => {
  const Account = await serverComponent()
  const initialState = returningVisitor()
  // SvelteKit: no modal on the server.
  assert.match(render(Account, { props: { modal: undefined, initialState } }).body, new RegExp(`<p>reconnecting ${ADDRESS} - eip155:31338</p>`))
  // A modal made in Node (it never starts): the network's name too, and still no subscription.
  const rpc = await startRpc()
  const modal = testModal(rpc.url)
  const subscriptions = countSubscriptions(modal)
  try {
    assert.match(render(Account, { props: { modal, initialState } }).body, new RegExp(`<p>reconnecting ${ADDRESS} Devnet 2 eip155:31338</p>`))
    assert.match(render(Account, { props: { modal, initialState: undefined } }).body, /<p>disconnected - Devnet eip155:31337<\/p>/)
    assert.equal(subscriptions.count, 0)
  } finally {
    modal.destroy()
    await rpc.close()
  }
})
