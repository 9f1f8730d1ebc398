// The site's own wagmi config, with wallet-modal's connector, and the modal itself. Both keep the
// connection in cookies, so the server can render a returning visitor's account. The modal is one
// per page load (on the server it is inert: nothing starts, nothing is stored); wagmi's config
// holds the visitor's state, so it is made per visitor (see providers.tsx), as wagmi's SSR guide
// says: one config shared by the server's requests would show one visitor's account to the next.
import { cookieStorage as wagmiCookieStorage, createConfig, createStorage, http } from 'wagmi'
import { defineChain } from 'viem'
import { mainnet } from 'viem/chains'
import { createWalletModal, cookieStorage } from '@wallet-modal/react'
import { walletModalConnector } from '@wallet-modal/wagmi'

// The example runs on mainnet unless told otherwise (its tests point it at a local devnet).
const rpcUrl = process.env.NEXT_PUBLIC_RPC_URL
const chain = rpcUrl
  ? defineChain({ id: Number(process.env.NEXT_PUBLIC_CHAIN_ID), name: 'Devnet', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } }, testnet: true })
  : mainnet

export const modal = createWalletModal({
  projectId: process.env.NEXT_PUBLIC_WALLET_MODAL_PROJECT_ID ?? 'example',
  networks: [chain],
  // A wallet-modal server (self-hosted: packages/server) adds WalletConnect, the e-mail and social
  // wallet, balances and the wallet directory; without one the browser's wallets still connect.
  serviceUrl: process.env.NEXT_PUBLIC_WALLET_MODAL_SERVICE_URL,
  storage: cookieStorage()
})

/** A new wagmi config: one per mounted <Providers>, so one per server request. */
export const makeWagmiConfig = () =>
  createConfig({
    chains: [chain],
    transports: { [chain.id]: http(rpcUrl) },
    connectors: [walletModalConnector({ modal })],
    // The modal finds the browser's wallets (EIP-6963); wagmi's own discovery would list them twice.
    multiInjectedProviderDiscovery: false,
    ssr: true,
    storage: createStorage({ storage: wagmiCookieStorage })
  })
