import type { ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { setDefaultCore } from '@wallet-modal/ui'
import type { Core } from '@wallet-modal/core/internal'
import { announceDevnetWallet, createDevnetWallet, getDevnet, memoryStorage, type DevnetInfo, type DevnetWalletProvider } from '@wallet-modal/devnet/testing'

/** What a React test works with: the devnet, a fresh container, the announced Devnet Wallet. */
export interface ReactPage {
  /** The devnet (its chains), read once for the file. */
  readonly info: DevnetInfo
  /** This test's container in the page. */
  readonly container: HTMLElement
  /** This test's Devnet Wallet (approves everything), announced with EIP-6963 only. */
  readonly wallet: DevnetWalletProvider
  /** The React root the test rendered into (set it when hydrating one yourself). */
  root: Root | undefined
  /** Renders `node` into a new root on the container. */
  mount(node: ReactNode): void
  /** Remembers a modal the test made, destroyed after the test. */
  track<T extends Core>(modal: T): T
}

/**
 * Inside a `describe`: each test gets a new container and a new Devnet Wallet (its state in
 * memory, or in the page's storage with `walletStorage: 'page'`), and after it the root is
 * unmounted, the modals it made destroyed and the page left as it was (no default core, no
 * `<wallet-modal>`).
 *
 * @example
 * const page = reactPageEachTest()
 * it('renders', () => { page.mount(<WalletModalProvider modal={page.track(createWalletModal(o) as Core)} />) })
 */
export function reactPageEachTest(opts: { walletStorage?: 'memory' | 'page' } = {}): ReactPage {
  let info: DevnetInfo | undefined
  let container: HTMLElement | undefined
  let wallet: DevnetWalletProvider | undefined
  let stopAnnounce: (() => void) | undefined
  const made: Core[] = []
  const page: ReactPage = {
    get info() {
      return info!
    },
    get container() {
      return container!
    },
    get wallet() {
      return wallet!
    },
    root: undefined,
    mount(node) {
      page.root = createRoot(container!)
      page.root.render(node)
    },
    track(modal) {
      made.push(modal)
      return modal
    }
  }
  before(async () => {
    info = await getDevnet()
  })
  beforeEach(() => {
    container = document.createElement('div')
    document.body.append(container)
    wallet = createDevnetWallet({ chains: info!.chains, mode: 'approve', ...(opts.walletStorage === 'page' ? {} : { storage: memoryStorage() }) })
    stopAnnounce = announceDevnetWallet(wallet, { setWindowEthereum: false })
  })
  afterEach(() => {
    page.root?.unmount()
    page.root = undefined
    container?.remove()
    stopAnnounce?.()
    for (const m of made.splice(0)) m.destroy()
    setDefaultCore(undefined)
    for (const el of document.querySelectorAll('wallet-modal')) el.remove()
  })
  return page
}
