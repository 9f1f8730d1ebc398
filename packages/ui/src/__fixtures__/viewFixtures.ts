import type { Core, WalletModalOptions } from '@wallet-modal/core/internal'
import { connectExternal } from '@wallet-modal/core/internal'
import { announceDevnetWallet, createDevnetWallet } from '@wallet-modal/devnet/testing'
import { cleanup, findButton, getDevnet, makeModal, modalRoot, waitFor, type DevnetInfo } from './setup.js'

/** The Devnet Wallet's EIP-6963 id (its rdns). */
export const DEVNET_WALLET_ID = 'dev.wallet-modal.devnet'

/**
 * Options of a modal that finds, restores and pairs nothing by itself (the modal counterpart of
 * core's `quietCore`): no injected or announced wallets, no reconnect, no WalletConnect.
 */
export const QUIET: Partial<WalletModalOptions> = { enableInjected: false, enableEIP6963: false, enableWalletConnect: false, enableReconnect: false }

/**
 * A modal on the devnet networks made by {@link makeModal} with {@link QUIET} options (plus
 * `extra`); cleaned by `cleanup()` like every modal `makeModal` makes.
 *
 * @example
 * const modal = await quietModal({ secureSiteUrl: 'http://127.0.0.1:9' })
 */
export function quietModal(extra: Partial<WalletModalOptions> = {}): Promise<Core> {
  return makeModal({ ...QUIET, ...extra })
}

/** The dialog's heading (the view's title), once a dialog is shown. */
export function heading(): string | undefined {
  return modalRoot().querySelector('h2')?.textContent ?? undefined
}

/** Waits until the dialog's heading reads `title`. */
export function waitForHeading(title: string, timeoutMs = 5000): Promise<true> {
  return waitFor(() => heading() === title || undefined, timeoutMs, `the heading '${title}'`)
}

/** The visible text of the dialog's body (below the header). */
export function bodyText(): string {
  return modalRoot().querySelector('.wm-body')?.textContent ?? modalRoot().textContent ?? ''
}

/** The snackbar's text while one shows (it hides itself after 3 s). */
export function snackText(): string | undefined {
  return modalRoot().querySelector('.wm-snackbar')?.textContent ?? undefined
}

/** The header's Back button. */
export function backButton(): HTMLButtonElement | undefined {
  return findButton(modalRoot(), 'Back')
}

/**
 * Marks the modal connected on the first devnet network as a wallet's connection leaves it
 * (account only: no connector behind it), as NetworkList.test.ts does. `connectorId` names a
 * connector for views that ask which one (the embedded wallet's `ID_AUTH`).
 */
export function pretendConnected(modal: Core, info: DevnetInfo, connectorId?: string): string {
  const address = info.walletAccount
  modal.chain.setAccount('eip155', {
    status: 'connected',
    address,
    caipAddress: `eip155:${info.chains[0]!.chainId}:${address}` as never,
    ...(connectorId ? { connectorId } : {})
  })
  return address
}

/**
 * A modal with the Devnet Wallet announced (EIP-6963) and connected through it on the devnet, as
 * core's `connectedDevnetCore` makes a core: the views that need a wallet which answers. The
 * wallet-modal server is used unless `services: false`; `account` picks another unlocked anvil
 * account (one no other test moves). `stop()` withdraws the wallet; `cleanup()` ends the modal.
 */
export async function connectedModal(
  opts: { services?: boolean; account?: `0x${string}`; extra?: Partial<WalletModalOptions> } = {}
): Promise<{ modal: Core; wallet: ReturnType<typeof createDevnetWallet>; info: DevnetInfo; stop: () => void }> {
  const info = await getDevnet()
  const wallet = createDevnetWallet({ chains: info.chains, mode: 'approve', storage: null, account: opts.account })
  const stop = announceDevnetWallet(wallet, { setWindowEthereum: false })
  try {
    const modal = await makeModal({
      projectId: 'demo',
      serviceUrl: opts.services === false ? undefined : info.serviceUrl,
      enableInjected: false,
      enableWalletConnect: false,
      enableReconnect: false,
      ...opts.extra
    })
    await modal.servicesReady
    await waitFor(() => modal.connector.get(DEVNET_WALLET_ID), 5000, 'the Devnet Wallet announced')
    await connectExternal(modal, DEVNET_WALLET_ID)
    return { modal, wallet, info, stop }
  } catch (err) {
    stop()
    throw err
  }
}

/** The Devnet Wallet's consent prompt's button (`Approve` or `Reject`), once the prompt shows. */
export function walletPromptButton(name: 'Approve' | 'Reject', timeoutMs = 5000): Promise<HTMLButtonElement> {
  return waitFor(
    () =>
      [...(document.querySelector('[data-testid="devnet-wallet-prompt"]')?.shadowRoot?.querySelectorAll('button') ?? [])].find(
        b => b.textContent?.trim() === name
      ),
    timeoutMs,
    `the wallet prompt's ${name}`
  )
}

/**
 * For a suite whose tests start something the page must stop (a wallet's announcement): after each
 * test the page is cleaned (the modal, the test hosts), then what the test handed over is stopped.
 * Returns the hand-over.
 */
export function cleanupAfterEach(): (stop: () => void) => void {
  const stops: (() => void)[] = []
  afterEach(() => {
    cleanup()
    for (const stop of stops.splice(0)) stop()
  })
  return stop => void stops.push(stop)
}
