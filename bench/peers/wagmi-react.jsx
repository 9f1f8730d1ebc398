// The baseline for the React kits: a React site that already uses wagmi and TanStack Query, with
// the same versions, one network, the injected connector and a plain button. A kit's cost on top
// of such a site is its page minus this one.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { createConfig, http, useConnect, WagmiProvider } from 'wagmi'
import { mainnet } from 'wagmi/chains'
import { injected } from 'wagmi/connectors'

const config = createConfig({ chains: [mainnet], connectors: [injected()], transports: { [mainnet.id]: http() } })
const queryClient = new QueryClient()

function Connect() {
  const { connect, connectors } = useConnect()
  return (
    <button type="button" onClick={() => connect({ connector: connectors[0] })}>
      Connect
    </button>
  )
}

createRoot(document.getElementById('app')).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <Connect />
    </QueryClientProvider>
  </WagmiProvider>
)
