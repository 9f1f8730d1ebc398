import { expect } from 'chai'
import { defineChain, http, parseEther, type Address } from 'viem'
import * as wagmi3 from '@wagmi/core'
import * as wagmi2 from '@wagmi/core2'
import { createWalletModal, setDefaultCore } from '@wallet-modal/ui'
import type { Core } from '@wallet-modal/core/internal'
import { announceDevnetWallet, createDevnetWallet, devnetNetworks, getDevnet, memoryStorage, rpc, waitFor, type DevnetInfo } from '@wallet-modal/devnet/testing'
import { walletModalConnector, WALLET_MODAL_CONNECTOR_ID } from './walletModalConnector.js'

const WALLET_ID = 'dev.wallet-modal.devnet'
/** A fresh address each run: its balance moves by exactly what is sent. */
const receiver = (): Address => `0x${[...crypto.getRandomValues(new Uint8Array(20))].map(b => b.toString(16).padStart(2, '0')).join('')}`

// The same journeys against @wagmi/core 3 (wagmi 3) and @wagmi/core 2 (wagmi 2): the connector
// imports nothing of wagmi at run time, so one build serves both majors.
for (const [major, w] of [
  ['3', wagmi3],
  ['2', wagmi2 as unknown as typeof wagmi3]
] as const) {
  describe(`walletModalConnector with @wagmi/core ${major}`, () => {
    let info: DevnetInfo
    let modal: Core
    let stopAnnounce: (() => void) | undefined
    let config: ReturnType<typeof makeConfig>

    const makeConfig = () => {
      // viem Chain objects, as a wagmi site has them, given to the modal as they are.
      const chains = info.chains.map(c =>
        defineChain({ id: c.chainId, name: c.name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [c.rpcUrl] } } })
      )
      modal = createWalletModal({ projectId: 'wagmi-test', networks: chains, storage: memoryStorage(), enableInjected: false }) as Core
      return w.createConfig({
        chains: [chains[0]!, ...chains.slice(1)],
        transports: Object.fromEntries(chains.map(c => [c.id, http(c.rpcUrls.default.http[0])])),
        connectors: [walletModalConnector({ modal })],
        // The modal finds the EIP-6963 wallets; wagmi's own discovery would make a second connection.
        multiInjectedProviderDiscovery: false,
        storage: null
      })
    }
    const connector = () => config.connectors.find(c => c.id === WALLET_MODAL_CONNECTOR_ID)!

    before(async () => {
      info = await getDevnet()
    })
    beforeEach(async () => {
      stopAnnounce = announceDevnetWallet(createDevnetWallet({ chains: info.chains, mode: 'approve' }), { setWindowEthereum: false })
      config = makeConfig()
      await waitFor(() => modal.connector.get(WALLET_ID), 3000, 'the wallet announcement')
    })
    afterEach(() => {
      modal.destroy()
      setDefaultCore(undefined)
      stopAnnounce?.()
      for (const el of document.querySelectorAll('wallet-modal')) el.remove()
      for (const k of Object.keys(localStorage)) if (k.startsWith('devnet-wallet')) localStorage.removeItem(k)
    })

    it("a wallet connected in the modal is wagmi's connection: wagmi sends through it and the transaction is mined", async () => {
      expect(w.getAccount(config).status).to.equal('disconnected')
      await modal.connect(WALLET_ID)
      await waitFor(() => w.getAccount(config).status === 'connected', 3000, "wagmi's connected state")
      const account = w.getAccount(config)
      expect(account.address!.toLowerCase()).to.equal(info.walletAccount.toLowerCase())
      expect(account.chainId).to.equal(info.chains[0]!.chainId)
      expect(account.connector?.id).to.equal(WALLET_MODAL_CONNECTOR_ID)

      const to = receiver()
      const hash = await w.sendTransaction(config, { to, value: parseEther('0.125') })
      const receipt = await w.waitForTransactionReceipt(config, { hash })
      expect(receipt.status).to.equal('success')
      expect(BigInt(await rpc<string>(info.chains[0]!.rpcUrl, 'eth_getBalance', [to, 'latest']))).to.equal(parseEther('0.125'))
      const signature = await w.signMessage(config, { message: 'hello from wagmi' })
      expect(await w.verifyMessage(config, { address: account.address!, message: 'hello from wagmi', signature })).to.equal(true)
    })

    it("wagmi's connect opens the modal and resolves once the visitor connected there; closing it is a rejection", async () => {
      const refused = w.connect(config, { connector: connector() }).then(
        () => 'connected',
        (e: Error) => e.name
      )
      await waitFor(() => modal.getState().open, 2000, 'the modal opened by wagmi')
      modal.close()
      expect(await refused).to.equal('UserRejectedRequestError')
      expect(w.getAccount(config).status).to.equal('disconnected')

      const connecting = w.connect(config, { connector: connector() })
      await waitFor(() => modal.getState().open, 2000, 'the modal opened again')
      await modal.connect(WALLET_ID)
      const result = await connecting
      expect(result.accounts.map(a => (typeof a === 'string' ? a : (a as { address: string }).address).toLowerCase())).to.deep.equal([
        info.walletAccount.toLowerCase()
      ])
      expect(w.getAccount(config).status).to.equal('connected')
    })

    it('switching and disconnecting flow both ways', async () => {
      await modal.connect(WALLET_ID)
      await waitFor(() => w.getAccount(config).status === 'connected', 3000, "wagmi's connected state")
      const second = info.chains[1]!.chainId
      // wagmi asks: the modal moves.
      await w.switchChain(config, { chainId: second })
      expect(modal.getNetwork()?.caipNetworkId).to.equal(`eip155:${second}`)
      expect(w.getAccount(config).chainId).to.equal(second)
      // The modal moves: wagmi follows.
      await modal.switchNetwork(`eip155:${info.chains[0]!.chainId}`)
      await waitFor(() => w.getAccount(config).chainId === info.chains[0]!.chainId, 3000, "wagmi's chain")
      // A chain the wagmi config lacks is refused with wagmi's error, and nothing moves.
      const refused = await w.switchChain(config, { chainId: 999_999 }).catch((e: Error) => e)
      expect((refused as Error).name).to.match(/ChainNotConfiguredError|SwitchChainError/)
      // The modal disconnects: wagmi follows; then wagmi disconnects a new connection: the modal follows.
      await modal.disconnect()
      await waitFor(() => w.getAccount(config).status === 'disconnected', 3000, "wagmi's disconnected state")
      await modal.connect(WALLET_ID)
      await waitFor(() => w.getAccount(config).status === 'connected', 3000, "wagmi's connected state again")
      await w.disconnect(config)
      await waitFor(() => modal.getAccount('eip155').status === 'disconnected', 3000, "the modal's disconnected state")
    })

    it('reconnect on load: wagmi finds the connection the modal restored', async () => {
      const storage = memoryStorage()
      modal.destroy()
      modal = createWalletModal({ projectId: 'wagmi-test', networks: devnetNetworks(info), storage, enableInjected: false }) as Core
      await waitFor(() => modal.connector.get(WALLET_ID), 3000, 'the wallet announcement')
      await modal.connect(WALLET_ID)
      modal.destroy()
      // The next page load: a new modal on the same storage, a new wagmi config, wagmi's reconnect.
      modal = createWalletModal({ projectId: 'wagmi-test', networks: devnetNetworks(info), storage, enableInjected: false }) as Core
      config = w.createConfig({
        chains: [
          defineChain({
            id: info.chains[0]!.chainId,
            name: 'a',
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
            rpcUrls: { default: { http: [info.chains[0]!.rpcUrl] } }
          })
        ],
        transports: { [info.chains[0]!.chainId]: http(info.chains[0]!.rpcUrl) },
        connectors: [walletModalConnector({ modal })],
        // The modal finds the EIP-6963 wallets; wagmi's own discovery would make a second connection.
        multiInjectedProviderDiscovery: false,
        storage: null
      })
      await w.reconnect(config, { connectors: [connector()] })
      await waitFor(() => w.getAccount(config).status === 'connected', 3000, "wagmi's restored connection")
      expect(w.getAccount(config).address!.toLowerCase()).to.equal(info.walletAccount.toLowerCase())
    })
  })
}
