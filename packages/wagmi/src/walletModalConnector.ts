import { getAddress, numberToHex, SwitchChainError, UserRejectedRequestError, type Address, type Chain } from 'viem'
import type { CreateConnectorFn } from '@wagmi/core'
import { createWalletModal } from '@wallet-modal/ui'
import type { Eip1193Provider, WalletModal, WalletModalOptions } from '@wallet-modal/core'

/** Options of {@link walletModalConnector}: the modal the site made, or the options to make one. */
export type WalletModalConnectorOptions = { modal: WalletModal } | WalletModalOptions

/** The connector's id in wagmi (`useConnect().connectors`, wagmi's `recentConnectorId`). */
export const WALLET_MODAL_CONNECTOR_ID = 'walletModal'

/** What the connector follows of the modal: its EVM account and network. */
interface Seen {
  address: Address | undefined
  chainId: number | undefined
}

function seenOf(modal: WalletModal): Seen {
  const account = modal.getAccount('eip155')
  const network = modal.getNetwork()
  const chainId = network?.chainNamespace === 'eip155' ? Number(network.id) : undefined
  return { address: account.status === 'connected' && account.address ? getAddress(account.address) : undefined, chainId }
}

/**
 * A wagmi connector (`@wagmi/core` 2 and 3) whose connection is the modal's: `connect` opens the
 * modal and resolves once the visitor connected a wallet there (any kind: an extension, an
 * announced wallet, WalletConnect, the e-mail wallet); a wallet connected through the modal's own
 * button becomes wagmi's connection too; account and network changes and disconnects flow both
 * ways; wagmi's actions (`sendTransaction`, `signMessage`, `writeContract`...) go to that wallet.
 *
 * The site keeps its own `createConfig`. Give the connector the modal you made (to share it with
 * `@wallet-modal/react`), or the modal's options (it is then made in the browser only).
 *
 * @example
 * ```ts
 * import { createConfig, http } from 'wagmi'
 * import { mainnet, base } from 'viem/chains'
 * import { walletModalConnector } from '@wallet-modal/wagmi'
 *
 * export const config = createConfig({
 *   chains: [mainnet, base],
 *   transports: { [mainnet.id]: http(), [base.id]: http() },
 *   connectors: [walletModalConnector({ projectId: 'my-project', networks: [mainnet, base] })],
 *   // The modal finds the browser's wallets (EIP-6963) itself.
 *   multiInjectedProviderDiscovery: false
 * })
 * ```
 */
export function walletModalConnector(options: WalletModalConnectorOptions): CreateConnectorFn<Eip1193Provider> {
  let modal: WalletModal | undefined = 'modal' in options ? options.modal : undefined
  const getModal = (): WalletModal => {
    if (modal) return modal
    if (typeof window === 'undefined') throw new Error('wallet-modal: the modal exists only in the browser')
    return (modal = createWalletModal(options as WalletModalOptions))
  }
  // On a server (wagmi's config is made there too for SSR) there is no modal: nothing connected.
  const modalIfAny = (): WalletModal | undefined => modal ?? (typeof window === 'undefined' ? undefined : getModal())
  // One provider object for wagmi's whole life: it forwards to whichever wallet is connected now
  // (the modal may go from an extension to WalletConnect without wagmi making a new client).
  const provider: Eip1193Provider = {
    request(args) {
      const wallet = getModal().getWalletProvider('eip155')
      if (!wallet) return Promise.reject(new Error('wallet-modal: no EVM wallet is connected'))
      return wallet.request(args)
    }
  }

  return config => {
    let seen: Seen = { address: undefined, chainId: undefined }
    let stop: (() => void) | undefined

    const chainOf = (chainId: number): Chain | undefined => config.chains.find(c => c.id === chainId)
    const current = (): { accounts: readonly Address[]; chainId: number } | undefined => {
      const m = modalIfAny()
      if (!m) return undefined
      const now = seenOf(m)
      return now.address ? { accounts: [now.address], chainId: now.chainId ?? config.chains[0].id } : undefined
    }
    // The modal's changes, told to wagmi as a wallet tells its connector.
    const follow = () => {
      const now = seenOf(getModal())
      const before = seen
      seen = now
      if (now.address && !before.address) config.emitter.emit('connect', { accounts: [now.address], chainId: now.chainId ?? config.chains[0].id })
      else if (!now.address && before.address) config.emitter.emit('disconnect')
      else if (now.address) {
        if (now.address !== before.address) config.emitter.emit('change', { accounts: [now.address] })
        if (now.chainId !== undefined && now.chainId !== before.chainId) config.emitter.emit('change', { chainId: now.chainId })
      }
    }
    const listen = () => {
      if (stop || typeof window === 'undefined') return
      const m = getModal()
      seen = seenOf(m)
      stop = m.subscribeState(follow)
    }
    /** Waits until the modal has a connected EVM account, or the visitor closed it without one. */
    const waitForConnection = (m: WalletModal) =>
      new Promise<{ accounts: readonly Address[]; chainId: number }>((resolve, reject) => {
        const off = m.subscribeState(state => {
          const now = current()
          if (now) {
            off()
            resolve(now)
          } else if (!state.open) {
            off()
            reject(new UserRejectedRequestError(new Error('The wallet modal was closed without connecting')))
          }
        })
      })

    return {
      id: WALLET_MODAL_CONNECTOR_ID,
      name: 'wallet-modal',
      type: 'walletModal',
      async setup() {
        listen()
      },
      // wagmi 3 may ask for capabilities: this connector reports plain addresses, which wagmi
      // accepts from any connector.
      async connect(parameters?: { chainId?: number; isReconnecting?: boolean }) {
        const m = getModal()
        listen()
        if (parameters?.isReconnecting) await m.ready
        let connected = current()
        if (!connected) {
          if (parameters?.isReconnecting) throw new Error('wallet-modal: nothing to reconnect')
          const waiting = waitForConnection(m)
          m.open({ view: 'Connect' })
          connected = await waiting
        }
        if (parameters?.chainId !== undefined && parameters.chainId !== connected.chainId) {
          await m.switchNetwork(`eip155:${parameters.chainId}`).catch(() => {})
          connected = current() ?? connected
        }
        seen = { address: connected.accounts[0], chainId: connected.chainId }
        return connected as never
      },
      async disconnect() {
        await getModal().disconnect({ namespace: 'eip155' })
      },
      async getAccounts() {
        return current()?.accounts ?? []
      },
      async getChainId() {
        const m = modalIfAny()
        return (m && seenOf(m).chainId) ?? config.chains[0].id
      },
      async getProvider() {
        return provider
      },
      async isAuthorized() {
        const m = modalIfAny()
        if (!m) return false
        await m.ready
        return !!current()
      },
      async switchChain({ chainId }: { chainId: number }) {
        const chain = chainOf(chainId)
        if (!chain) throw new SwitchChainError(new Error(`Chain ${numberToHex(chainId)} is not in the site's wagmi config`))
        try {
          await getModal().switchNetwork(`eip155:${chainId}`)
        } catch (err) {
          throw new SwitchChainError(err instanceof Error ? err : new Error(String(err)))
        }
        return chain
      },
      onAccountsChanged(accounts: string[]) {
        if (accounts.length === 0) config.emitter.emit('disconnect')
        else config.emitter.emit('change', { accounts: accounts.map(a => getAddress(a)) })
      },
      onChainChanged(chainId: string) {
        config.emitter.emit('change', { chainId: Number(chainId) })
      },
      onDisconnect() {
        config.emitter.emit('disconnect')
      }
    }
  }
}
