import { decodeFunctionData, erc20Abi, formatEther, formatUnits, parseAbi, type Address, type Hex, type PublicClient } from 'viem'
import type { TransactionFields } from './signingParams.js'

/** One line of what Approve shows: a label and its value, plain text. */
export interface DescriptionRow {
  label: string
  value: string
}

// Functions whose effect a person must see in words: token transfers and allowances (ERC-20,
// and the ERC-721 / ERC-1155 ones that hand over whole collections), and the swaps the modal
// itself builds (Uniswap V2's router). Anything else is shown as its selector and raw data.
const TOKEN_ABI = parseAbi([
  'function transfer(address to, uint256 amount)',
  'function approve(address spender, uint256 amount)',
  'function transferFrom(address from, address to, uint256 amount)',
  'function increaseAllowance(address spender, uint256 addedValue)',
  'function setApprovalForAll(address operator, bool approved)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data)',
  'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] amounts, bytes data)'
])
const SWAP_ABI = parseAbi([
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)'
])

/** The most an ERC-20 allowance can be: shown as "Unlimited", the amount a drainer asks for. */
const MAX_UINT256 = 2n ** 256n - 1n

interface TokenInfo {
  symbol: string
  decimals?: number
}

/** A token's symbol and decimals, read from its contract (no decimals: not an ERC-20, e.g. an NFT). */
async function tokenInfo(client: PublicClient, address: Address): Promise<TokenInfo> {
  const [symbol, decimals] = await Promise.all([
    client.readContract({ address, abi: erc20Abi, functionName: 'symbol' }).catch(() => undefined),
    client.readContract({ address, abi: erc20Abi, functionName: 'decimals' }).catch(() => undefined)
  ])
  return { symbol: symbol && /^[\p{L}\p{N} ._-]{1,20}$/u.test(symbol) ? symbol : 'tokens', ...(decimals !== undefined ? { decimals } : {}) }
}

/** An ERC-20 amount in the token's units; raw when its decimals cannot be read (or it is an NFT's id, which shares these selectors). */
const amountOf = (amount: bigint, token: TokenInfo) =>
  amount === MAX_UINT256
    ? `Unlimited ${token.symbol}`
    : token.decimals === undefined
      ? `${amount} (raw units or token id: the contract tells no decimals)`
      : `${formatUnits(amount, token.decimals)} ${token.symbol}`

/**
 * One EVM call in words, built from the very fields that are sent: the address called, the
 * native value (always, also beside a token transfer, where a hostile page would hide it), and
 * the calldata decoded where its ABI is known (token transfers and allowances, collection-wide
 * approvals, the modal's swaps) or else its selector and every byte of it.
 *
 * @param call - The checked transaction fields.
 * @param symbol - The network's coin.
 * @param client - Reads token symbols and decimals.
 */
export async function describeEvmCall(call: TransactionFields, symbol: string, client: PublicClient): Promise<DescriptionRow[]> {
  const native = { label: 'Amount', value: `${formatEther(call.value)} ${symbol}` }
  if (!call.to) return [{ label: 'To', value: 'New contract' }, native, ...(call.data ? [{ label: 'Contract code', value: call.data }] : [])]
  if (!call.data) return [{ label: 'To', value: call.to }, native]
  const to = call.to
  const valueWarning = call.value > 0n ? [{ label: 'Warning', value: `This call also sends ${formatEther(call.value)} ${symbol} to ${to}` }] : []
  let token: ReturnType<typeof decodeFunctionData<typeof TOKEN_ABI>> | undefined
  try {
    token = decodeFunctionData({ abi: TOKEN_ABI, data: call.data })
  } catch {
    // not a token call
  }
  if (token) {
    const info = await tokenInfo(client, to)
    const contract = { label: 'Token contract', value: to }
    switch (token.functionName) {
      case 'transfer':
        return [{ label: 'Send', value: amountOf(token.args[1], info) }, { label: 'To', value: token.args[0] }, contract, native, ...valueWarning]
      case 'approve':
      case 'increaseAllowance':
        return [
          { label: 'Allow spending', value: amountOf(token.args[1], info) },
          { label: 'Spender', value: token.args[0] },
          contract,
          native,
          ...valueWarning
        ]
      case 'transferFrom':
        return [
          { label: 'Move', value: amountOf(token.args[2], info) },
          { label: 'Taken from', value: token.args[0] },
          { label: 'To', value: token.args[1] },
          contract,
          native,
          ...valueWarning
        ]
      case 'setApprovalForAll':
        return [
          { label: token.args[1] ? 'Allow moving all your tokens of' : 'Withdraw the permission to move all your tokens of', value: to },
          { label: 'Operator', value: token.args[0] },
          native,
          ...valueWarning
        ]
      case 'safeTransferFrom':
        return [
          { label: 'Move', value: token.args.length === 5 ? `${token.args[3]} of token id ${token.args[2]}` : `token id ${token.args[2]}` },
          { label: 'Taken from', value: token.args[0] },
          { label: 'To', value: token.args[1] },
          contract,
          native,
          ...valueWarning,
          ...(token.args.length >= 4 && token.args[token.args.length - 1] !== '0x' ? [{ label: 'Data', value: token.args[token.args.length - 1] as Hex }] : [])
        ]
      case 'safeBatchTransferFrom':
        return [
          { label: 'Move', value: token.args[2].map((id, i) => `${token.args[3][i] ?? 0n} of token id ${id}`).join(', ') },
          { label: 'Taken from', value: token.args[0] },
          { label: 'To', value: token.args[1] },
          contract,
          native,
          ...valueWarning
        ]
    }
  }
  try {
    const swap = decodeFunctionData({ abi: SWAP_ABI, data: call.data })
    const path = swap.functionName === 'swapExactETHForTokens' ? swap.args[1] : swap.args[2]
    const [first, last] = [path[0], path[path.length - 1]]
    const [fromToken, toToken] = await Promise.all([first ? tokenInfo(client, first) : undefined, last ? tokenInfo(client, last) : undefined])
    const rows: DescriptionRow[] = [{ label: 'Swap on', value: to }]
    if (swap.functionName === 'swapExactETHForTokens') {
      rows.push(
        { label: 'Pay', value: `${formatEther(call.value)} ${symbol}` },
        { label: 'Receive at least', value: toToken ? amountOf(swap.args[0], toToken) : String(swap.args[0]) }
      )
    } else {
      rows.push(
        { label: 'Pay', value: fromToken ? amountOf(swap.args[0], fromToken) : String(swap.args[0]) },
        {
          label: 'Receive at least',
          value:
            swap.functionName === 'swapExactTokensForETH'
              ? `${formatEther(swap.args[1])} ${symbol}`
              : toToken
                ? amountOf(swap.args[1], toToken)
                : String(swap.args[1])
        }
      )
    }
    const recipient = swap.functionName === 'swapExactETHForTokens' ? swap.args[2] : swap.args[3]
    rows.push({ label: 'Recipient', value: recipient }, { label: 'Route', value: path.join(' → ') }, native)
    return rows
  } catch {
    // not a swap of the modal's router
  }
  return [
    { label: 'To', value: to },
    native,
    { label: 'Function', value: `${call.data.slice(0, 10)} (not known: check the data)` },
    { label: 'Contract data', value: call.data }
  ]
}
