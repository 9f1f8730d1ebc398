// The bootstrap entry: defines <connect-button> and <wallet-modal> and paints the button at once,
// without React or core (a few KB); the rest of the modal (React, core, the views) loads when the
// page is idle, when the button is hovered or focused, or at the first click, and takes the
// elements over without a visible change. A click before that is kept: the button shows it is
// busy and the modal opens as soon as it can. The API is the full entry's: `createWalletModal`
// returns the modal at once (see createBootModal.ts for what it answers before loading).
import type { WalletModal, WalletModalOptions } from '@wallet-modal/core/internal'
import { defineTags } from '../defineTags.js'
import { holdRenderer, type ElementBase } from '../elements/ElementBase.js'
import { setConnectButtonPainter } from '../elements/ConnectButtonElement.js'
import { bootLook } from '../boot/bootLook.js'
import { createBootModal, type BootState } from '../boot/createBootModal.js'
import { paintConnectButton } from '../boot/paintConnectButton.js'

export type { WalletModal }

const state: BootState = { look: bootLook(undefined) }
const buttons = new Set<ElementBase>()
let loading: Promise<WalletModal> | undefined
let resolveLoaded: (modal: WalletModal) => void = () => {}
const loaded = new Promise<WalletModal>(resolve => (resolveLoaded = resolve))
const warn = (err: unknown) => console.warn('[wallet-modal] could not load the modal', err)

/** Loads the modal's code and makes the modal (once; again after a failure). Waits for `createWalletModal`'s options. */
function load(): Promise<WalletModal> {
  const options = state.options
  if (!options) return loaded
  return (loading ??= import('../boot/handOver.js')
    .then(m => m.handOver(options, state.look.locale))
    .then(
      modal => {
        state.modal = modal
        resolveLoaded(modal)
        const open = state.pendingOpen
        state.pendingOpen = undefined
        if (open) modal.open(open)
        return modal
      },
      err => {
        loading = undefined
        state.pendingOpen = undefined
        repaint()
        throw err
      }
    ))
}

const actions = {
  click(): void {
    state.pendingOpen ??= {}
    repaint()
    void load().catch(warn)
  },
  warm(): void {
    void load().catch(warn)
  }
}

function repaint(): void {
  if (state.modal) return
  for (const b of buttons) if (b.isConnected) paintConnectButton(b, state.look, state.pendingOpen !== undefined, actions)
}

setConnectButtonPainter(host => {
  buttons.add(host)
  paintConnectButton(host, state.look, state.pendingOpen !== undefined, actions)
})
holdRenderer()
defineTags()

/** Runs `f` once the page is idle (at the latest after 2 s). */
function whenIdle(f: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(f, { timeout: 2000 })
  else setTimeout(f, 1)
}

/**
 * Creates the page's wallet modal, like the full entry's `createWalletModal`, and returns it at
 * once; its code loads when the page is idle, on the button's hover or focus, at the first click,
 * or at the first call that needs it.
 *
 * @example
 * ```ts
 * import { createWalletModal } from '@wallet-modal/ui/boot'
 * const modal = createWalletModal({ projectId: 'my-project', networks: [mainnet] })
 * modal.subscribeEvents(e => e.type === 'CONNECT_SUCCESS' && console.log(e.data.address))
 * ```
 */
export function createWalletModal(options: WalletModalOptions): WalletModal {
  state.options = options
  state.look = bootLook(options)
  repaint()
  if (!options.disableAppend && !options.enableEmbedded && typeof document !== 'undefined' && !document.querySelector('wallet-modal')) {
    document.body.appendChild(document.createElement('wallet-modal'))
  }
  // Embedded, the dialog is part of the page from the start; a click may have come first.
  if (options.enableEmbedded || state.pendingOpen) void load().catch(warn)
  else whenIdle(() => void load().catch(warn))
  return createBootModal(state, load, loaded, repaint)
}

/** Loads the ready sign-in implementations for the `siwx` option (as the full entry's). */
export const loadSIWX = () => import('./siwx.js')
