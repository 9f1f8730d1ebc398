#!/usr/bin/env node
// `wallet-modal-server --port 8787 --config config.json [--data-dir dir]`: runs the services on
// this machine until Ctrl-C / SIGTERM, then closes the database cleanly (PGlite must flush).
//
// Environment: PORT, HOST, DATABASE_URL (PostgreSQL instead of the embedded database), DATA_DIR.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { WalletModalServer } from './createServer.js'
import { parseServerConfig, type ServerConfig } from './config/ServerConfig.js'

/** Where the embedded database lives unless `--data-dir`, `DATA_DIR` or `--memory` say otherwise. */
const DEFAULT_DATA_DIR = './wallet-modal-data'

const USAGE = `Usage: wallet-modal-server --config <file.json> [--port 8787] [--host 127.0.0.1] [--data-dir <dir> | --memory] [--trust-proxy <hops|addresses>] [--quiet] [--enable-faults]
       wallet-modal-server wallets sync [--config <file.json>] [--source <url>] [--project-id <id>]   (see wallets --help)

  --config         Server configuration (projects, chains, prices...), JSON.
  --port           TCP port (env PORT; default 8787; 0 picks a free one).
  --host           Interface (env HOST; default 127.0.0.1).
  --data-dir       Folder of the embedded database (env DATA_DIR; default ./wallet-modal-data).
  --memory         Keep the embedded database in memory: nothing survives a restart.
  --public-url     Base URL links point at when behind a proxy.
  --trust-proxy    Believe X-Forwarded-For from this many proxy hops, or from these proxy
                   addresses/CIDRs (comma-separated); per-client limits count by it.
  --quiet          Do not print one line per request.
  --secure-port    Run the embedded (e-mail) wallet's secure site on this port: its own origin.
                   Needs --smtp-url and WALLET_MODAL_KEK (the key-encryption key of the
                   users' keys: 32 bytes, base64 or hex; keep it outside the database).
  --secure-public-url  The secure site's external URL (its own host) behind a proxy.
  --smtp-url       SMTP server the secure site sends codes through (smtp:// or smtps://).
  --mail-from      Sender of its e-mail (default "Wallet <wallet@localhost>").
  SOCIAL_<P>_CLIENT_ID, SOCIAL_<P>_CLIENT_SECRET (P: GOOGLE, GITHUB, APPLE, FACEBOOK, X, DISCORD)
                   Social logins on the secure site: the operator's app at each provider (its
                   redirect URI: <secure site>/social/callback). Only these are offered.
                   SOCIAL_<P>_ISSUER: another OpenID provider to use instead of the real one.
  FARCASTER_OPTIMISM_RPC_URL  Sign In With Farcaster on the secure site (custody addresses are
                   read from Farcaster's IdRegistry on this Optimism RPC); FARCASTER_RELAY_URL:
                   another auth relay than Farcaster's.
  --dev            Dev mode: without WALLET_MODAL_KEK, make a throw-away key (keys sealed
                   with it do not open after a restart). Never in production.
  --enable-faults  Mount the test-only fault API (/__faults): it answers loopback clients only
                   (127.0.0.0/8, ::1; behind --trust-proxy, the client the proxy names).
                   Never in production.
  DATABASE_URL     Use this PostgreSQL server instead of the embedded database.`

function fail(message: string): never {
  console.error(`wallet-modal-server: ${message}\n\n${USAGE}`)
  process.exit(2)
}

function parsePort(value: string): number {
  const port = Number(value)
  if (!/^\d{1,5}$/.test(value) || port > 65535) fail(`invalid port "${value}"`)
  return port
}

/** `--trust-proxy 1` is a hop count; anything else is a list of proxy addresses or CIDRs. */
function trustProxyOf(value: string | undefined): number | string | undefined {
  if (value === undefined) return undefined
  if (/^\d{1,2}$/.test(value)) return Number(value)
  if (!/^[0-9a-fA-F.:/]+(,\s*[0-9a-fA-F.:/]+)*$/.test(value)) fail(`invalid --trust-proxy "${value}"`)
  return value
}

// `wallet-modal-server wallets sync ...`: a one-off command, not the server.
if (process.argv[2] === 'wallets') {
  const { runWalletsCommand } = await import('./wallets/walletsSyncCommand.js')
  process.exit(await runWalletsCommand(process.argv.slice(3), process.env))
}

let args: ReturnType<typeof parse>
function parse() {
  return parseArgs({
    options: {
      config: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      memory: { type: 'boolean' },
      'public-url': { type: 'string' },
      'trust-proxy': { type: 'string' },
      quiet: { type: 'boolean' },
      'enable-faults': { type: 'boolean' },
      'secure-port': { type: 'string' },
      'secure-public-url': { type: 'string' },
      'smtp-url': { type: 'string' },
      'mail-from': { type: 'string' },
      dev: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' }
    },
    strict: true
  })
}
try {
  args = parse()
} catch (error) {
  fail(error instanceof Error ? error.message : String(error))
}
if (args.values.help) {
  console.log(USAGE)
  process.exit(0)
}
if (!args.values.config) fail('--config is required')

const configPath = resolve(args.values.config)
let config: ServerConfig
try {
  config = parseServerConfig(JSON.parse(readFileSync(configPath, 'utf8')))
} catch (error) {
  fail(`cannot use ${configPath}: ${error instanceof Error ? error.message : String(error)}`)
}
// A relative walletsFile is relative to the config file, not to wherever the server was started.
if (config.walletsFile) config.walletsFile = resolve(configPath, '..', config.walletsFile)

const portText = args.values.port ?? process.env.PORT
if (args.values.memory && args.values['data-dir']) fail('--memory and --data-dir exclude each other')
// Persistent unless told otherwise: an operator who forgets a flag must not lose sessions and
// events at the next restart.
const dataDir = args.values.memory ? undefined : (args.values['data-dir'] ?? process.env.DATA_DIR ?? DEFAULT_DATA_DIR)
let secureSite: import('./embedded/SecureSite.js').SecureSiteOptions | undefined
if (args.values['secure-port'] !== undefined) {
  const smtpUrl = args.values['smtp-url']
  if (!smtpUrl || !/^smtps?:\/\//.test(smtpUrl)) fail('--secure-port needs --smtp-url smtp://... (where the login codes are sent)')
  const { KeyVault, KEK_ENV } = await import('./embedded/KeyVault.js')
  let vault: InstanceType<typeof KeyVault>
  try {
    vault = KeyVault.fromEnv(process.env)
  } catch (error) {
    // Outside dev mode the server refuses to start without the operator's key.
    if (!args.values.dev) fail(error instanceof Error ? error.message : String(error))
    console.warn(`wallet-modal-server: dev mode: no ${KEK_ENV}, using a throw-away key-encryption key`)
    vault = new KeyVault(Buffer.from(KeyVault.generateKek(), 'base64'))
  }
  const { farcasterFromEnv, socialsFromEnv } = await import('./embedded/social/socialsFromEnv.js')
  let socials: ReturnType<typeof socialsFromEnv>
  let farcaster: ReturnType<typeof farcasterFromEnv>
  try {
    socials = socialsFromEnv(process.env)
    farcaster = farcasterFromEnv(process.env)
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error))
  }
  secureSite = {
    socials,
    farcaster,
    port: parsePort(args.values['secure-port']),
    publicUrl: args.values['secure-public-url'],
    mail: { smtpUrl, from: args.values['mail-from'] ?? 'Wallet <wallet@localhost>' },
    vault
  }
}
// The signal handlers go in before anything starts and, above all, before the banner: whoever
// reads the banner may stop the server at once, and on a busy machine this process can be
// descheduled between printing and registering (a SIGTERM then killed it uncleanly).
let server: WalletModalServer | undefined
let stopping = false
const stop = (running: WalletModalServer): void => {
  running.close().then(
    () => process.exit(0),
    error => {
      console.error('wallet-modal-server: error while stopping:', error)
      process.exit(1)
    }
  )
}
const shutdown = (signal: NodeJS.Signals): void => {
  if (stopping) return
  stopping = true
  console.log(`wallet-modal-server: ${signal}, stopping...`)
  // During start-up there is nothing to close yet; the start below sees `stopping` and stops.
  if (server) stop(server)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
try {
  // Loaded only now: argument and config errors are reported without loading the database.
  const { createServer } = await import('./createServer.js')
  server = await createServer({
    config,
    port: portText === undefined ? 8787 : parsePort(portText),
    host: args.values.host ?? process.env.HOST,
    dataDir: dataDir ? resolve(dataDir) : undefined,
    databaseUrl: process.env.DATABASE_URL || undefined,
    publicUrl: args.values['public-url'],
    trustProxy: trustProxyOf(args.values['trust-proxy']),
    logger: !args.values.quiet,
    enableFaults: args.values['enable-faults'] ?? false,
    secureSite
  })
} catch (error) {
  console.error(`wallet-modal-server: could not start: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}

const storage = process.env.DATABASE_URL
  ? 'PostgreSQL (DATABASE_URL)'
  : dataDir
    ? `PGlite in ${resolve(dataDir)}`
    : 'PGlite in memory (nothing survives a restart)'
console.log(`wallet-modal-server listening on ${server.url}`)
if (server.relayUrl) console.log(`  WalletConnect relay: ${server.relayUrl}`)
if (server.secureSiteUrl)
  console.log(`  Secure site (e-mail wallet): ${server.secureSiteUrl}; social logins: ${server.secureSite?.socials.join(', ') || 'none configured'}`)
console.log(
  `  projects: ${config.projects.map(p => p.id).join(', ')}; chains: ${config.chains.map(c => c.caipNetworkId).join(', ') || 'none'}; storage: ${storage}`
)
// A signal that came while starting: stop now that there is something to close.
if (stopping) stop(server)
