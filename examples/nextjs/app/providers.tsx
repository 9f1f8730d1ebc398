'use client'
import { useState, type ReactNode } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { WagmiProvider, cookieToInitialState as wagmiInitialState } from 'wagmi'
import { WalletModalProvider, cookieToInitialState } from '@wallet-modal/react'
import { modal, makeWagmiConfig } from './wallet'

/** The providers a page needs, seeded with what the request's cookies say. */
export function Providers({ cookie, children }: { cookie: string | null; children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient())
  // Per visitor: wagmi's store takes the cookie's state (see wallet.ts).
  const [wagmiConfig] = useState(makeWagmiConfig)
  return (
    <WagmiProvider config={wagmiConfig} initialState={wagmiInitialState(wagmiConfig, cookie)}>
      <QueryClientProvider client={queryClient}>
        <WalletModalProvider modal={modal} initialState={cookieToInitialState(cookie)}>
          {children}
        </WalletModalProvider>
      </QueryClientProvider>
    </WagmiProvider>
  )
}
