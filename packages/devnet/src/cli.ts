#!/usr/bin/env node
// `node packages/devnet/dist/cli.js`: starts the devnet chains and the demo server, prints where
// everything is, and stops the chains cleanly on Ctrl-C / SIGTERM.
//
// Environment: PORT (demo server, default 5173), ANVIL_PORT (first chain; default free ports),
// SERVICE_PORT, SECURE_PORT, MAIL_PORT, OIDC_PORT (the local OpenID provider, default 8789),
// FARCASTER_PORT (the Farcaster sign-in stand-in, default 8790), SAFE_PORT (the Safe{Wallet}
// stand-in, default 8791), NEXT_PORT (the Next.js example, default 8792; `NEXT_PORT=off` skips it),
// ONRAMP_PORT (the on-ramp sandbox, default 8793).
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { DEVNET_TOKEN_DECIMALS, INITIAL_TOKEN_BALANCE, WALLET_ACCOUNT } from './constants.js'
import { devnetPaths } from './devnetPaths.js'
import { DEVNET_SAFE_ADDRESS } from './safe/startSafeStandIn.js'
import { SANDBOX_TEST_CARD } from './onramp/startOnRampSandbox.js'
import { startAll } from './startAll.js'
import { nextExampleAvailable, startNextExample, type NextExample } from './next/startNextExample.js'

const port = parsePort(process.env.PORT, 5173, 'PORT')
const servicePort = parsePort(process.env.SERVICE_PORT, 8787, 'SERVICE_PORT')
const securePort = parsePort(process.env.SECURE_PORT, 8788, 'SECURE_PORT')
const mailPort = parsePort(process.env.MAIL_PORT, 2525, 'MAIL_PORT')
const oidcPort = parsePort(process.env.OIDC_PORT, 8789, 'OIDC_PORT')
const farcasterPort = parsePort(process.env.FARCASTER_PORT, 8790, 'FARCASTER_PORT')
const safePort = parsePort(process.env.SAFE_PORT, 8791, 'SAFE_PORT')
const onrampPort = parsePort(process.env.ONRAMP_PORT, 8793, 'ONRAMP_PORT')
// The Next.js example is built for the devnet's chain once the chains run (about 30 s); the rest
// of the demo does not wait for it.
const nextPort = process.env.NEXT_PORT === 'off' || !nextExampleAvailable() ? undefined : parsePort(process.env.NEXT_PORT, 8792, 'NEXT_PORT')
const nextUrl = nextPort === undefined ? undefined : `http://127.0.0.1:${nextPort}`
const basePort = process.env.ANVIL_PORT ? parsePort(process.env.ANVIL_PORT, 0, 'ANVIL_PORT') : undefined
const paths = devnetPaths()

let services: Awaited<ReturnType<typeof startAll>>
try {
  // The server keeps its data (analytics, request log) across restarts of `npm start`.
  services = await startAll({
    port,
    basePort,
    servicePort,
    securePort,
    mailPort,
    oidcPort,
    farcasterPort,
    safePort,
    onrampPort,
    nextUrl,
    serviceDataDir: join(process.cwd(), '.devnet-data', 'server')
  })
} catch (error) {
  console.error(`devnet: could not start: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
const { url, devnet } = services

const tokens = Number(INITIAL_TOKEN_BALANCE / 10n ** BigInt(DEVNET_TOKEN_DECIMALS)).toLocaleString('en-US')
const lines = [
  '',
  '  wallet-modal devnet',
  '',
  `  Demo:            ${url}/`,
  services.wcWallet
    ? `  WalletConnect    ${url}/wc-wallet/   (dev wallet: paste the modal's WalletConnect link to pair)`
    : '  WalletConnect    (no dev wallet: it needs the services and their relay)',
  `  Prompting wallet ${url}/?wallet=prompt   (approve or reject each request in the page)`,
  `  Refusing wallet  ${url}/?wallet=reject   (every request fails with 4001)`,
  `  Coinbase Wallet  ${url}/?coinbase=1   (Coinbase's SDK; its keys popup is a stand-in at ${url}/coinbase-keys/, approve or reject there)`,
  `  No server        ${url}/?server=none   (a site with only a project id: WalletConnect network and public registry, unreachable offline)`,
  `  Safe{Wallet}     ${services.safe.url}/   (stand-in: the demo as a Safe app; Safe ${DEVNET_SAFE_ADDRESS}, execute or sign in the page)`,
  `  Examples         ${url}/examples/   (Vue, Svelte, Angular and plain HTML sites, each built with its own toolchain)`,
  existsSync(join(paths.docsDistDir, 'index.html'))
    ? `  Docs             ${url}/docs/   (the documentation site: guides, features, self-hosting, API reference)`
    : '  Docs             (not built: `npm run docs`, then reload /docs/)',
  nextUrl
    ? `  Next.js example  ${nextUrl}/   (React + wagmi, server-rendered; building, ready in about 30 s: a line below says so)`
    : '  Next.js example  (off: NEXT_PORT=off, or examples/nextjs not installed)',
  '',
  `  Services:        ${services.services?.url ?? '(none)'}  (wallet directory, balances, RPC proxy, analytics; project "demo")`,
  ...(services.services?.relayUrl ? [`  Relay:           ${services.services.relayUrl}  (WalletConnect, local)`] : []),
  ...(services.services?.secureSiteUrl
    ? [`  Secure site:     ${services.services.secureSiteUrl}  (e-mail wallet: keys, codes and approvals live on this origin)`]
    : []),
  ...(services.oidc
    ? [`  Social logins:   ${services.oidc.issuer}  (local OpenID provider for google, github, apple, facebook, x, discord: pick a test user in the popup)`]
    : []),
  ...(services.farcaster
    ? [`  Farcaster:       ${services.farcaster.url}  (sign-in stand-in: open the modal's Farcaster link, approve as a test account)`]
    : []),
  ...(services.onramp
    ? [`  On-ramp sandbox: ${services.onramp.url}  (Buy in the modal opens its checkout: test card ${SANDBOX_TEST_CARD}, pays in devnet DUSD)`]
    : []),
  ...(services.explorer
    ? [
        `  Explorer API:    ${services.explorer.url}  (Etherscan-compatible stand-in: Activity on ${devnet.chains[1]?.name ?? 'the second chain'} comes from it, the first chain's from the indexer)`
      ]
    : []),
  ...(services.mail ? [`  Mailbox:         ${url}/mailbox/   (e-mail login codes and device links arrive here; SMTP ${services.mail.smtpUrl})`] : []),
  '',
  '  Chains:',
  ...devnet.chains.map(chain => `    ${chain.name.padEnd(9)} id ${chain.chainId}  proxy ${url}/rpc/${chain.chainId}  anvil ${chain.rpcUrl}`),
  `    Solana    ${devnet.solana.caipNetworkId}  proxy ${url}/rpc/solana  rpc ${devnet.solana.rpcUrl}  ws ${devnet.solana.wsUrl}`,
  '',
  `  Wallet account:  ${WALLET_ACCOUNT} (anvil account 1)`,
  `  Solana wallet:   ${devnet.solana.walletAddress} (100 SOL; 1,000,000 DSPL, mint ${devnet.solana.splMint ?? '-'})`,
  `  Tokens:          DUSD ${devnet.tokens.DUSD}`,
  `                   USDT ${devnet.tokens.USDT}  (USDT-like: no bool returns)`,
  `                   ${tokens} of each minted to anvil accounts 0-4, on every chain`,
  ''
]
for (const [label, dir, file] of [
  ['modal bundle', paths.uiDistDir, 'wallet-modal.js'],
  ['Devnet Wallet', paths.walletDistDir, 'devnet-wallet.js'],
  ['demo page', paths.demoDir, 'index.html'],
  ['WalletConnect wallet page', paths.wcWalletDir, 'index.html']
] as const) {
  if (!existsSync(join(dir, file))) lines.push(`  ! ${label} missing: ${join(dir, file)} (run \`npm run build\`)`)
}
lines.push('  Press Ctrl-C to stop.', '')
// Handlers before the banner: whoever reads it may stop us at once (see the server's cli.ts).
let nextExample: NextExample | undefined
let shuttingDown = false
const shutdown = (signal: NodeJS.Signals): void => {
  if (shuttingDown) return
  shuttingDown = true
  console.log(`\ndevnet: ${signal}, stopping...`)
  Promise.all([services.stop(), nextExample?.stop()]).then(
    () => process.exit(0),
    error => {
      console.error('devnet: error while stopping:', error)
      process.exit(1)
    }
  )
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
console.log(lines.join('\n'))

if (nextPort !== undefined) {
  const chain = devnet.chains[0]!
  startNextExample({
    port: nextPort,
    chain: { chainId: chain.chainId, rpcUrl: chain.rpcUrl },
    demoUrl: url,
    serviceUrl: services.services?.url,
    distDir: '.next-demo'
  }).then(
    started => {
      nextExample = started
      if (shuttingDown) return void started.stop()
      console.log(`devnet: the Next.js example is ready: ${started.url}/`)
    },
    error => console.error(`devnet: the Next.js example did not start (the rest of the demo runs): ${error instanceof Error ? error.message : String(error)}`)
  )
}

function parsePort(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    console.error(`devnet: ${name} must be a port number, got ${JSON.stringify(value)}`)
    process.exit(1)
  }
  return n
}
