import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Address } from 'viem'
import { WALLET_ACCOUNT } from './constants.js'
import type { DevnetTokenAddresses } from './deployTokens.js'
import { devnetPaths } from './devnetPaths.js'
import { proxyRpc, sendRpcError } from './server/proxyRpc.js'
import { setSecurityHeaders } from './server/securityHeaders.js'
import { sendText, serveFile } from './server/serveFile.js'
import type { DevnetChain, DevnetSolana } from './startDevnet.js'
import { handleWcWalletApi, WC_WALLET_API_PREFIX, type WcWalletControl } from './walletconnect/handleWcWalletApi.js'

/** Options of {@link serveDemo}. */
export interface ServeDemoOptions {
  /** The chains and tokens to expose (usually the result of `startDevnet`). */
  devnet: { readonly chains: readonly DevnetChain[]; readonly tokens: DevnetTokenAddresses; readonly solana?: DevnetSolana }
  /** TCP port; 0 or undefined picks a free one. */
  port?: number
  /** Interface to listen on (default 127.0.0.1). */
  host?: string
  /** Folder served at `/` (default: the repo's demo/). */
  demoDir?: string
  /** Folder served at `/dist/` (default: packages/ui/dist/browser). */
  uiDistDir?: string
  /** Folder holding devnet-wallet.js (default: packages/devnet/dist/browser). */
  walletDistDir?: string
  /** Account the Devnet Wallet uses, reported in /devnet.json (default {@link WALLET_ACCOUNT}). */
  walletAccount?: Address
  /** How long the RPC proxy waits for a node (default 10 s). */
  rpcTimeoutMs?: number
  /** Base URL of the wallet-modal server the demo uses, passed to the page in its config. */
  serviceUrl?: string
  /**
   * The WalletConnect dev wallet the page at `/wc-wallet/` controls (usually from
   * `createWalletConnectDevWallet`). Without it, `/wc-wallet/api/*` answers 503.
   */
  wcWallet?: WcWalletControl
  /** Folder of the wallet's control page (default: packages/devnet/wc-wallet). */
  wcWalletDir?: string
}

/** The running demo server. */
export interface DemoServer {
  /** Base URL, e.g. `http://127.0.0.1:5173`. */
  readonly url: string
  /** The port it listens on. */
  readonly port: number
  /** Stops listening, drops open connections and resolves when closed. Safe to call twice. */
  close(): Promise<void>
}

/** What `/devnet.json` returns: everything the Devnet Wallet and the demo page need. */
export interface DevnetConfig {
  /** The chains, with `rpcUrl` pointing at this server's same-origin proxy. */
  chains: { chainId: number; name: string; rpcUrl: string }[]
  /** Token addresses by symbol (same on every chain). */
  tokens: DevnetTokenAddresses
  /** The Devnet Wallet's account. */
  walletAccount: Address
  /** The wallet-modal server (directory, balances, RPC proxy, analytics), when one runs. */
  serviceUrl?: string
  /**
   * The local Solana network, when the devnet runs one: `rpcUrl` is this server's same-origin
   * proxy `/rpc/solana`; `wsUrl` is the network's own subscription WebSocket (allowed by the
   * CSP), which web3.js needs passed as `wsEndpoint` since it cannot derive it from a proxy URL.
   */
  solana?: {
    caipNetworkId: string
    name: string
    rpcUrl: string
    wsUrl: string
    walletAddress: string
    receiverAddress: string
    splMint?: string
  }
}

/**
 * Serves the demo page and everything it needs on one origin:
 *
 * - `/` and other static files from `demoDir`;
 * - `/dist/*` from `uiDistDir` (the modal's browser bundle);
 * - `/devnet-wallet.js` (and `.map`) from `walletDistDir`;
 * - `/devnet.json` ({@link DevnetConfig}) and `/devnet-config.js` (the same as an ES module);
 * - `POST /rpc/<chainId>`: a JSON-RPC proxy to that chain's anvil node, and `POST /rpc/solana`
 *   one to the local Solana network;
 * - `/wc-wallet/`: the WalletConnect dev wallet's control page (from `wcWalletDir`) and, under
 *   `/wc-wallet/api/`, its JSON API (see {@link handleWcWalletApi}).
 *
 * Every response carries a strict CSP and `nosniff` (see {@link DEMO_CSP}; with a Solana network,
 * its WebSocket origin is added to `connect-src`). When bound to a
 * loopback address, requests whose Host header is not a loopback name are refused, so a web page
 * elsewhere cannot reach the unlocked devnet accounts through DNS rebinding.
 *
 * @param options - See {@link ServeDemoOptions}.
 */
export async function serveDemo(options: ServeDemoOptions): Promise<DemoServer> {
  const defaults = devnetPaths()
  const demoDir = options.demoDir ?? defaults.demoDir
  const uiDistDir = options.uiDistDir ?? defaults.uiDistDir
  const walletDistDir = options.walletDistDir ?? defaults.walletDistDir
  const wcWalletDir = options.wcWalletDir ?? defaults.wcWalletDir
  const host = options.host ?? '127.0.0.1'
  const loopbackOnly = isLoopbackHostname(host)
  const chains = new Map(options.devnet.chains.map(chain => [chain.chainId, chain]))
  const rpcTimeoutMs = options.rpcTimeoutMs ?? 10_000

  const serviceOrigin = options.serviceUrl ? new URL(options.serviceUrl).origin : undefined
  const solana = options.devnet.solana
  const connectOrigins = solana ? [new URL(solana.wsUrl).origin] : []
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    setSecurityHeaders(res, serviceOrigin, connectOrigins)
    const hostHeader = req.headers.host ?? ''
    if (!isValidHostHeader(hostHeader) || (loopbackOnly && !isLoopbackHostname(hostnameOf(hostHeader)))) {
      sendText(res, 403, 'Forbidden host')
      return
    }
    const path = (req.url ?? '').split(/[?#]/, 1)[0] ?? ''
    if (!path.startsWith('/')) {
      sendText(res, 400, 'Bad request')
      return
    }

    const rpc = /^\/rpc\/([^/]+)$/.exec(path)
    if (rpc) {
      const id = rpc[1] ?? ''
      // 'solana', or an EIP-155 id in digits only: Number() would also accept '0x7a69' or '1e3'.
      const chain =
        id === 'solana' ? (solana ? { chainId: id, rpcUrl: solana.rpcUrl } : undefined) : /^\d{1,15}$/.test(id) ? chains.get(Number(id)) : undefined
      if (!chain) {
        sendRpcError(res, 404, null, -32601, 'Unknown devnet chain')
      } else if (req.method !== 'POST') {
        res.setHeader('Allow', 'POST')
        sendRpcError(res, 405, null, -32600, 'Use POST for JSON-RPC')
      } else {
        await proxyRpc(req, res, chain, rpcTimeoutMs)
      }
      return
    }

    if (path.startsWith(WC_WALLET_API_PREFIX)) {
      await handleWcWalletApi(req, res, path, options.wcWallet)
      return
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD')
      sendText(res, 405, 'Method not allowed')
      return
    }
    if (path === '/devnet.json' || path === '/devnet-config.js') {
      const origin = `http://${hostHeader}`
      const config: DevnetConfig = {
        chains: [...chains.values()].map(chain => ({
          chainId: chain.chainId,
          name: chain.name,
          rpcUrl: `${origin}/rpc/${chain.chainId}`
        })),
        tokens: options.devnet.tokens,
        walletAccount: options.walletAccount ?? WALLET_ACCOUNT,
        ...(options.serviceUrl ? { serviceUrl: options.serviceUrl } : {}),
        ...(solana
          ? {
              solana: {
                caipNetworkId: solana.caipNetworkId,
                name: solana.name,
                rpcUrl: `${origin}/rpc/solana`,
                wsUrl: solana.wsUrl,
                walletAddress: solana.walletAddress,
                receiverAddress: solana.receiverAddress,
                ...(solana.splMint ? { splMint: solana.splMint } : {})
              }
            }
          : {})
      }
      // The same data as an ES module, so the demo page imports it statically (fetched in
      // parallel with the bundle instead of after it) without any inline script.
      const json = JSON.stringify(config)
      const isModule = path.endsWith('.js')
      const text = isModule ? `export default ${json};\n` : json
      const type = isModule ? 'text/javascript; charset=utf-8' : 'application/json; charset=utf-8'
      res.writeHead(200, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-store' })
      res.end(req.method === 'HEAD' ? undefined : text)
      return
    }
    const buildHint = ' (run `npm run build` first)'
    if (path === '/devnet-wallet.js' || path === '/devnet-wallet.js.map') {
      await serveFile(req, res, walletDistDir, path, buildHint)
      return
    }
    if (path === '/wc-wallet' || path.startsWith('/wc-wallet/')) {
      await serveFile(req, res, wcWalletDir, path.slice('/wc-wallet'.length))
      return
    }
    if (path.startsWith('/dist/')) {
      await serveFile(req, res, uiDistDir, path.slice('/dist'.length), buildHint)
      return
    }
    await serveFile(req, res, demoDir, path)
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(error => {
      console.error('serveDemo:', error)
      if (res.headersSent) res.destroy()
      else sendText(res, 500, 'Internal server error')
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo

  let closing: Promise<void> | undefined
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    close: () =>
      (closing ??= new Promise<void>(resolve => {
        server.close(() => resolve())
        // Keep-alive connections (browsers, fetch) would otherwise hold close() open.
        server.closeAllConnections()
      }))
  }
}

// A Host header is echoed into /devnet.json URLs: accept only host[:port] characters.
function isValidHostHeader(value: string): boolean {
  return /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(value)
}

function hostnameOf(hostHeader: string): string {
  return hostHeader.startsWith('[') ? hostHeader.slice(1, hostHeader.indexOf(']')) : (hostHeader.split(':')[0] ?? '')
}

function isLoopbackHostname(hostname: string): boolean {
  const name = hostname.toLowerCase()
  return name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127(?:\.\d{1,3}){3}$/.test(name)
}
