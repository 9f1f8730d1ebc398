// The site's own wagmi config, with wallet-modal's connector, and the modal itself: one module,
// made once per page load. Both keep the connection in cookies, so the server can render a
// returning visitor's account.
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
  storage: cookieStorage()
})

export const wagmiConfig = createConfig({
  chains: [chain],
  transports: { [chain.id]: http(rpcUrl) },
  connectors: [walletModalConnector({ modal })],
  // The modal finds the browser's wallets (EIP-6963); wagmi's own discovery would list them twice.
  multiInjectedProviderDiscovery: false,
  ssr: true,
  storage: createStorage({ storage: wagmiCookieStorage })
})
