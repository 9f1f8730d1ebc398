import { formatUnits } from 'viem'
import { DEVNET_TOKEN_DECIMALS } from '../constants.js'
import type { DevnetTokenAddresses } from '../deployTokens.js'
import { jsonRpc } from '../jsonRpc.js'
import { escapeHtml } from '../server/standInHttp.js'

/** What the devnet explorer shows of an address. */
export interface ExplorerAddress {
  address: string
  eth: bigint
  tokens: { symbol: string; balance: bigint }[]
  /** Transactions it sent (its nonce). */
  sent: bigint
  /** Whether code is at the address (a contract, or a smart account once created). */
  contract: boolean
}

/**
 * Reads an address on a devnet chain for the explorer page: its ETH and token balances, its nonce
 * and whether it holds code. Each read has a 5 s timeout (a stopped node fails the page, with a
 * message, instead of hanging it).
 *
 * @param rpcUrl - The chain's node.
 * @param tokens - The devnet's tokens (same address on every chain).
 * @param address - The address (0x and 40 hex digits; checked by the caller).
 */
export async function readExplorerAddress(rpcUrl: string, tokens: DevnetTokenAddresses, address: string): Promise<ExplorerAddress> {
  const options = { timeoutMs: 5000 }
  const balanceOf = (token: string) =>
    jsonRpc<string>(rpcUrl, 'eth_call', [{ to: token, data: `0x70a08231${address.slice(2).toLowerCase().padStart(64, '0')}` }, 'latest'], options)
  const [eth, nonce, code, dusd, usdt] = await Promise.all([
    jsonRpc<string>(rpcUrl, 'eth_getBalance', [address, 'latest'], options),
    jsonRpc<string>(rpcUrl, 'eth_getTransactionCount', [address, 'latest'], options),
    jsonRpc<string>(rpcUrl, 'eth_getCode', [address, 'latest'], options),
    balanceOf(tokens.DUSD),
    balanceOf(tokens.USDT)
  ])
  return {
    address,
    eth: BigInt(eth),
    tokens: [
      { symbol: 'DUSD', balance: BigInt(dusd) },
      { symbol: 'USDT', balance: BigInt(usdt) }
    ],
    sent: BigInt(nonce),
    contract: code !== '0x'
  }
}

/**
 * The devnet's block-explorer page of one address (what the modal's "Block Explorer" link opens on
 * the demo: the demo's networks name this as their explorer). Server-rendered text, no script
 * (the demo's CSP).
 *
 * @param chainName - The chain's name.
 * @param read - What {@link readExplorerAddress} read.
 */
export function explorerPage(chainName: string, read: ExplorerAddress): string {
  const rows: [string, string][] = [
    ['Balance', `${formatUnits(read.eth, 18)} ETH`],
    ...read.tokens.map(t => [t.symbol, formatUnits(t.balance, DEVNET_TOKEN_DECIMALS)] as [string, string]),
    ['Transactions sent', String(read.sent)],
    ['Kind', read.contract ? 'Contract (or a smart account that exists)' : 'Account (no code)']
  ]
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(read.address)} · ${escapeHtml(chainName)} explorer</title>
<link rel="stylesheet" href="/explorer/explorer.css">
</head>
<body>
<main>
<h1>${escapeHtml(chainName)} explorer</h1>
<p data-testid="explorer-address"><code>${escapeHtml(read.address)}</code></p>
<dl>
${rows.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd data-label="${escapeHtml(label)}">${escapeHtml(value)}</dd>`).join('\n')}
</dl>
<p><a href="/">Back to the demo</a></p>
</main>
</body>
</html>
`
}
