import { createWalletModal, setDefaultCore, type WalletModal } from '../exports/index.js'
import type { NetworkInput, StorageBackend, WalletModalOptions } from '@wallet-modal/core'

/** The devnet the browser test runner started (see test/wtr/devnetPlugin.mjs). */
export interface DevnetInfo {
  chains: { chainId: number; name: string; rpcUrl: string }[]
  tokens: Record<string, string>
  walletAccount: string
}

let devnet: DevnetInfo | undefined
/** Reads the running devnet's description once. */
export async function getDevnet(): Promise<DevnetInfo> {
  devnet ??= (await (await fetch('/__devnet.json')).json()) as DevnetInfo
  return devnet
}

/** The devnet chains as the site's networks. */
export function devnetNetworks(info: DevnetInfo): NetworkInput[] {
  return info.chains.map(c => ({
    id: c.chainId,
    name: c.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [c.rpcUrl] } }
  }))
}

/** An in-memory storage so tests never share state through localStorage. */
export function memoryStorage(): StorageBackend & { map: Map<string, string> } {
  const map = new Map<string, string>()
  return { map, getItem: k => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: k => void map.delete(k) }
}

const made: WalletModal[] = []

/** Creates a modal on the devnet networks with isolated storage; cleaned by {@link cleanup}. */
export async function makeModal(extra: Partial<WalletModalOptions> = {}): Promise<WalletModal> {
  const info = await getDevnet()
  const modal = createWalletModal({ projectId: 'test', networks: devnetNetworks(info), storage: memoryStorage(), ...extra })
  made.push(modal)
  return modal
}

/** Removes every element and core a test created. */
export function cleanup(): void {
  for (const m of made.splice(0)) {
    m.close()
    m.destroy()
  }
  setDefaultCore(undefined)
  for (const el of document.querySelectorAll('wallet-modal, connect-button, [data-test-host]')) el.remove()
}

/** Waits until `check` returns a truthy value (polling; no fixed sleeps). */
export async function waitFor<T>(check: () => T | undefined | null | false, timeoutMs = 5000, what = 'condition'): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const v = check()
    if (v) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise(r => setTimeout(r, 10))
  }
}

/** The `<wallet-modal>` element's shadow root. */
export function modalRoot(): ShadowRoot {
  const el = document.querySelector('wallet-modal')
  if (!el?.shadowRoot) throw new Error('no <wallet-modal> with a shadow root')
  return el.shadowRoot
}

/** Text of a node as assistive tech reads it: aria-hidden parts skipped. */
function visibleText(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? ''
  if (node instanceof Element && node.getAttribute('aria-hidden') === 'true') return ''
  return [...node.childNodes].map(visibleText).join('')
}

/** A button by its accessible name (aria-label, else its text without aria-hidden parts). */
export function findButton(root: ParentNode, name: string | RegExp): HTMLButtonElement | undefined {
  return [...root.querySelectorAll('button')].find(b => {
    const label = (b.getAttribute('aria-label') ?? visibleText(b)).trim()
    return typeof name === 'string' ? label === name : name.test(label)
  })
}
