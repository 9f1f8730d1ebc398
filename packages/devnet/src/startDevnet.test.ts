import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { decodeFunctionResult, encodeFunctionData, namehash, parseAbi, type Address, type Hex } from 'viem'
import {
  DEVNET_ACCOUNTS,
  DEVNET_ACCOUNT_ABSTRACTION,
  DEVNET_ENS,
  DEVNET_PAYMASTER_DEPOSIT,
  DEVNET_PAYMASTER_SIGNER,
  DEVNET_UNISWAP,
  DUSD_ADDRESS,
  INITIAL_TOKEN_BALANCE,
  USDT_ADDRESS,
  WALLET_ACCOUNT
} from './constants.js'
import { devnetTetherAbi, devnetTokenAbi } from './contracts/devnetArtifacts.js'
import { jsonRpc } from './jsonRpc.js'
import { SOLANA_CAIP_NETWORK_ID, SOLANA_RECEIVER_ADDRESS, SOLANA_SPL_MINT, SOLANA_WALLET_ADDRESS } from './solana/solanaConstants.js'
import { startDevnet, type Devnet } from './startDevnet.js'

describe('startDevnet', () => {
  let devnet: Devnet | undefined
  before(async () => {
    devnet = await startDevnet()
  })
  after(async () => {
    await devnet?.stop()
  })

  const call = async (rpcUrl: string, to: Address, functionName: string, args: unknown[] = [], from?: Address): Promise<unknown> => {
    const abi = to === USDT_ADDRESS ? devnetTetherAbi : devnetTokenAbi
    const data = encodeFunctionData({ abi, functionName, args })
    const result = await jsonRpc<Hex>(rpcUrl, 'eth_call', [{ to, data, from }, 'latest'])
    return result === '0x' ? undefined : decodeFunctionResult({ abi, functionName, data: result })
  }

  it('starts Devnet (31337) and Devnet 2 (31338)', async () => {
    assert.deepEqual(
      devnet!.chains.map(c => [c.chainId, c.name]),
      [
        [31337, 'Devnet'],
        [31338, 'Devnet 2']
      ]
    )
    for (const chain of devnet!.chains) {
      assert.equal(Number(await jsonRpc(chain.rpcUrl, 'eth_chainId')), chain.chainId)
    }
  })

  it('the wallet account is anvil account 1', () => {
    assert.equal(WALLET_ACCOUNT, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    assert.equal(DEVNET_ACCOUNTS[1], WALLET_ACCOUNT)
  })

  it('deploys both tokens at the same addresses on both chains', async () => {
    assert.deepEqual(devnet!.tokens, { DUSD: DUSD_ADDRESS, USDT: USDT_ADDRESS })
    for (const chain of devnet!.chains) {
      for (const address of [DUSD_ADDRESS, USDT_ADDRESS]) {
        const code = await jsonRpc<Hex>(chain.rpcUrl, 'eth_getCode', [address, 'latest'])
        assert.ok(code.length > 2, `code at ${address} on ${chain.name}`)
      }
      assert.equal(await call(chain.rpcUrl, DUSD_ADDRESS, 'symbol'), 'DUSD')
      assert.equal(await call(chain.rpcUrl, DUSD_ADDRESS, 'name'), 'Devnet USD')
      assert.equal(await call(chain.rpcUrl, USDT_ADDRESS, 'symbol'), 'USDT')
      assert.equal(await call(chain.rpcUrl, USDT_ADDRESS, 'decimals'), 6)
    }
  })

  it('mints the initial balance to the wallet account', async () => {
    for (const chain of devnet!.chains) {
      assert.equal(await call(chain.rpcUrl, DUSD_ADDRESS, 'balanceOf', [WALLET_ACCOUNT]), INITIAL_TOKEN_BALANCE)
      assert.equal(await call(chain.rpcUrl, USDT_ADDRESS, 'balanceOf', [WALLET_ACCOUNT]), INITIAL_TOKEN_BALANCE)
      assert.equal(await call(chain.rpcUrl, DUSD_ADDRESS, 'balanceOf', [DEVNET_ACCOUNTS[5]]), 0n)
    }
  })

  it('DUSD.transfer returns true, USDT.transfer returns nothing', async () => {
    const rpcUrl = devnet!.chains[0]!.rpcUrl
    const args = [DEVNET_ACCOUNTS[2], 1n]
    assert.equal(await call(rpcUrl, DUSD_ADDRESS, 'transfer', args, WALLET_ACCOUNT), true)
    assert.equal(await call(rpcUrl, USDT_ADDRESS, 'transfer', args, WALLET_ACCOUNT), undefined)
  })

  it("deploys the published Uniswap V2 exchange with the seeded pools on both chains: the router quotes at the pools' prices", async () => {
    assert.deepEqual(devnet!.uniswap, DEVNET_UNISWAP)
    const routerAbi = parseAbi([
      'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
      'function WETH() view returns (address)',
      'function factory() view returns (address)'
    ])
    const read = async <T>(rpcUrl: string, functionName: 'getAmountsOut' | 'WETH' | 'factory', args: unknown[] = []): Promise<T> => {
      const data = encodeFunctionData({ abi: routerAbi, functionName, args } as never)
      return decodeFunctionResult({
        abi: routerAbi,
        functionName,
        data: await jsonRpc<Hex>(rpcUrl, 'eth_call', [{ to: DEVNET_UNISWAP.router, data }, 'latest'])
      }) as T
    }
    for (const chain of devnet!.chains) {
      assert.equal(await read(chain.rpcUrl, 'WETH'), DEVNET_UNISWAP.weth)
      assert.equal(await read(chain.rpcUrl, 'factory'), DEVNET_UNISWAP.factory)
      // 1 ETH into 600,000 DUSD / 200 ETH, fee 0.3%: 2976.2... DUSD (Uniswap's constant product, computed here).
      const amountIn = 10n ** 18n
      const reserveIn = 200n * 10n ** 18n
      const reserveOut = 600_000n * 10n ** 6n
      const expected = (amountIn * 997n * reserveOut) / (reserveIn * 1000n + amountIn * 997n)
      const [, out] = await read<bigint[]>(chain.rpcUrl, 'getAmountsOut', [amountIn, [DEVNET_UNISWAP.weth, DUSD_ADDRESS]])
      assert.equal(out, expected)
      assert.ok(out! > 2976n * 10n ** 6n && out! < 2977n * 10n ** 6n)
      const [, , usdt] = await read<bigint[]>(chain.rpcUrl, 'getAmountsOut', [100n * 10n ** 6n, [DUSD_ADDRESS, DEVNET_UNISWAP.weth, USDT_ADDRESS]])
      assert.ok(usdt! > 99n * 10n ** 6n && usdt! < 100n * 10n ** 6n, `100 DUSD -> ${usdt} USDT through ETH`)
      const [, direct] = await read<bigint[]>(chain.rpcUrl, 'getAmountsOut', [100n * 10n ** 6n, [DUSD_ADDRESS, USDT_ADDRESS]])
      assert.ok(direct! > 99n * 10n ** 6n && direct! < 100n * 10n ** 6n, `100 DUSD -> ${direct} USDT directly`)
    }
  })

  it('deploys the ERC-4337 EntryPoint v0.8, SimpleAccountFactory, WalletModalAccountFactory and the funded WalletModalPaymaster on both chains, tied to that EntryPoint', async () => {
    assert.deepEqual(devnet!.accountAbstraction, DEVNET_ACCOUNT_ABSTRACTION)
    const abi = parseAbi([
      'function senderCreator() view returns (address)',
      'function accountImplementation() view returns (address)',
      'function entryPoint() view returns (address)',
      'function verifyingSigner() view returns (address)',
      'function getDeposit() view returns (uint256)'
    ])
    const call = async (
      rpcUrl: string,
      to: Address,
      functionName: 'senderCreator' | 'accountImplementation' | 'entryPoint' | 'verifyingSigner' | 'getDeposit'
    ) =>
      decodeFunctionResult({
        abi,
        functionName,
        data: await jsonRpc<Hex>(rpcUrl, 'eth_call', [{ to, data: encodeFunctionData({ abi, functionName }) }, 'latest'])
      })
    const read = async (rpcUrl: string, to: Address, functionName: 'senderCreator' | 'accountImplementation' | 'entryPoint' | 'verifyingSigner') =>
      (await call(rpcUrl, to, functionName)) as Address
    for (const chain of devnet!.chains) {
      const creator = await read(chain.rpcUrl, DEVNET_ACCOUNT_ABSTRACTION.entryPoint, 'senderCreator')
      assert.match(creator, /^0x[0-9a-fA-F]{40}$/)
      assert.equal(await read(chain.rpcUrl, DEVNET_ACCOUNT_ABSTRACTION.simpleAccountFactory, 'senderCreator'), creator)
      // The embedded wallet's accounts: their implementation serves this EntryPoint.
      const implementation = await read(chain.rpcUrl, DEVNET_ACCOUNT_ABSTRACTION.walletModalAccountFactory, 'accountImplementation')
      assert.equal(await read(chain.rpcUrl, implementation, 'entryPoint'), DEVNET_ACCOUNT_ABSTRACTION.entryPoint)
      // The paymaster: this EntryPoint, the devnet signer, its deposit paid.
      assert.equal(await read(chain.rpcUrl, DEVNET_ACCOUNT_ABSTRACTION.walletModalPaymaster, 'entryPoint'), DEVNET_ACCOUNT_ABSTRACTION.entryPoint)
      assert.equal(await read(chain.rpcUrl, DEVNET_ACCOUNT_ABSTRACTION.walletModalPaymaster, 'verifyingSigner'), DEVNET_PAYMASTER_SIGNER)
      assert.equal(await call(chain.rpcUrl, DEVNET_ACCOUNT_ABSTRACTION.walletModalPaymaster, 'getDeposit'), DEVNET_PAYMASTER_DEPOSIT)
    }
  })

  it('deploys the ENS on the first chain only, after the rest, leaving the named accounts their round 10,000 ETH', async () => {
    assert.deepEqual(devnet!.ens, DEVNET_ENS)
    const [first, second] = devnet!.chains
    const resolverAbi = parseAbi(['function resolver(bytes32 node) view returns (address)', 'function addr(bytes32 node) view returns (address)'])
    const node = namehash('devnet-wallet.eth')
    const resolver = decodeFunctionResult({
      abi: resolverAbi,
      functionName: 'resolver',
      data: await jsonRpc<Hex>(first!.rpcUrl, 'eth_call', [
        { to: DEVNET_ENS.registry, data: encodeFunctionData({ abi: resolverAbi, functionName: 'resolver', args: [node] }) },
        'latest'
      ])
    })
    const addr = decodeFunctionResult({
      abi: resolverAbi,
      functionName: 'addr',
      data: await jsonRpc<Hex>(first!.rpcUrl, 'eth_call', [
        { to: resolver, data: encodeFunctionData({ abi: resolverAbi, functionName: 'addr', args: [node] }) },
        'latest'
      ])
    })
    assert.equal(addr, WALLET_ACCOUNT)
    assert.equal(await jsonRpc<Hex>(second!.rpcUrl, 'eth_getCode', [DEVNET_ENS.registry, 'latest']), '0x')
    for (const account of [DEVNET_ACCOUNTS[1], DEVNET_ACCOUNTS[2], DEVNET_ACCOUNTS[3]]) {
      assert.equal(BigInt(await jsonRpc<Hex>(first!.rpcUrl, 'eth_getBalance', [account, 'latest'])), 10_000n * 10n ** 18n, account)
    }
  })

  it('starts the local Solana network with the wallet funded', async () => {
    const { solana } = devnet!
    assert.equal(solana.caipNetworkId, SOLANA_CAIP_NETWORK_ID)
    assert.equal(solana.name, 'Solana Devnet (local)')
    assert.equal(solana.walletAddress, SOLANA_WALLET_ADDRESS)
    assert.equal(solana.receiverAddress, SOLANA_RECEIVER_ADDRESS)
    assert.equal(solana.splMint, SOLANA_SPL_MINT)
    assert.equal(new URL(solana.wsUrl).port, String(Number(new URL(solana.rpcUrl).port) + 1))
    const balance = await jsonRpc<{ value: number }>(solana.rpcUrl, 'getBalance', [SOLANA_WALLET_ADDRESS])
    assert.equal(balance.value, 100_000_000_000)
  })

  it('stops every chain', async () => {
    const urls = devnet!.chains.map(c => c.rpcUrl)
    await devnet!.stop()
    for (const url of urls) await assert.rejects(jsonRpc(url, 'eth_chainId', [], { timeoutMs: 1000 }))
    await assert.rejects(jsonRpc(devnet!.solana.rpcUrl, 'getHealth', [], { timeoutMs: 1000 }))
  })
})
