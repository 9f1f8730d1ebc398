// `npm run bench:server`: the self-hosted server under load, on 127.0.0.1. Starts the server in
// its own process (so its RSS is its own) and a local anvil chain, and prints one table:
// idle memory, the wallet directory on a 10,000-wallet catalogue, balances and the RPC proxy,
// and the WalletConnect relay (10,000 idle sockets, then 500 pairs exchanging messages, against a
// bare WebSocket forwarder in its own process, bench/bareForwarder.mjs: the floor the relay is
// measured against, same clients and same messages, in the same run). Every loop is bounded in count and time. Rate limits are off for the run (`rateLimits:
// { enabled: false }`): this measures capacity, not the limits.
//
//   node bench/benchServer.mjs [--out .bench/server.json]
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { DEVNET_LIST_TOKEN, startDevnet, WALLET_ACCOUNT } from '../packages/devnet/dist/index.js'
// The demo's configuration is the devnet's (not exported by the published server package).
import { demoServerConfig } from '../packages/server/src/config/demoServerConfig.ts'
// The test fixture that runs a throw-away PostgreSQL cluster (this script runs under tsx for it).
import { postgresAvailability, startPostgres } from '../packages/server/src/__fixtures__/startPostgres.ts'
import { median, percentile, relaySocket, runRelayPairs, topic, within } from './relayPairs.mjs'

const root = new URL('..', import.meta.url).pathname
process.chdir(root)
const outArg = process.argv.indexOf('--out')
const OUT = outArg > 0 ? process.argv[outArg + 1] : '.bench/server.json'
const CORES = availableParallelism()
const IDLE_SOCKETS = 10_000
const PAIRS = 500
const MESSAGES = 10_000
/** Runs of the pairs on the relay and on the bare forwarder, alternating; the figures are medians. */
const RELAY_ROUNDS = 3
const CLIENT = 'projectId=demo&st=bench&sv=0'
const rows = []
const row = (what, value, target = '') => {
  rows.push({ what, value, target })
  console.log(`  ${what}: ${value}${target ? ` (target ${target})` : ''}`)
}

/** Stops the bench: thrown, so the `finally` below still stops the server, the forwarder and the chain. */
const fail = message => {
  throw new Error(message)
}

/** Resident memory of a process in MB, from /proc. */
const rssMb = pid => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return match ? Math.round(Number(match[1]) / 1024) : NaN
}

/** Runs `task` from `concurrency` loops until `ms` have passed; resolves to requests per second. */
async function rps(task, concurrency, ms) {
  const end = performance.now() + ms
  let done = 0
  let failed = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        if (await task()) done++
        else failed++
      }
    })
  )
  if (failed > 0) fail(`${failed} requests failed during a throughput run`)
  return Math.round(done / (ms / 1000))
}

/** A 10,000-wallet catalogue made from the sample one, names varied so searches hit a few. */
function bigCatalogue(dir) {
  const sample = JSON.parse(readFileSync('packages/server/src/data/wallets.json', 'utf8'))
  const wallets = []
  for (let i = 0; wallets.length < 10_000; i++) {
    const base = sample.wallets[i % sample.wallets.length]
    const n = Math.floor(i / sample.wallets.length)
    wallets.push(
      n === 0
        ? base
        : {
            ...base,
            id: createHash('sha256').update(`${base.id}-${n}`).digest('hex'),
            name: `${base.name} ${n}`,
            image_id: `${base.image_id}-${n}`,
            rdns: base.rdns ? `${base.rdns}${n}` : null,
            // Each wallet's app scheme is its own (the catalogue refuses one wallet's link on another's scheme).
            ...Object.fromEntries(
              ['mobile_link', 'desktop_link', 'webapp_link', 'homepage'].map(f => [
                f,
                typeof base[f] === 'string' ? base[f].replace(/^(?!https:)([a-z][a-z0-9+.-]*):\/\//, `$1${n}://`) : base[f]
              ])
            )
          }
    )
  }
  const file = join(dir, 'wallets.json')
  writeFileSync(file, JSON.stringify({ ...sample, wallets }))
  return file
}

/**
 * A 500-token list on `chain`: the devnet's list token and 499 contracts running DUSD's code
 * (installed with anvil_setCode, so each balanceOf runs real code; nobody holds any).
 */
async function bigTokenList(dir, chain) {
  const rpc = body => fetch(chain.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(r => r.json())
  const { result: code } = await rpc({ jsonrpc: '2.0', id: 1, method: 'eth_getCode', params: [devnet.tokens.DUSD, 'latest'] })
  const copies = Array.from({ length: 499 }, (_, i) => `0x${(0x20_0000 + i).toString(16).padStart(40, '0')}`)
  await rpc(copies.map((address, i) => ({ jsonrpc: '2.0', id: i, method: 'anvil_setCode', params: [address, code] })))
  const token = (address, symbol, name) => ({ chainId: chain.chainId, address, symbol, name, decimals: 6 })
  const list = {
    name: 'Bench List',
    timestamp: new Date().toISOString(),
    version: { major: 1, minor: 0, patch: 0 },
    tokens: [
      token(DEVNET_LIST_TOKEN.address, DEVNET_LIST_TOKEN.symbol, DEVNET_LIST_TOKEN.name),
      ...copies.map((address, i) => token(address, `B${i}`, `Bench ${i}`))
    ]
  }
  const file = join(dir, 'tokenlist.json')
  writeFileSync(file, JSON.stringify(list))
  return file
}

/** Starts `script` (a file of bench/) in its own process and resolves once it prints `ready <url>`. */
function startChild(script, args = []) {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] })
  return new Promise((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => reject(new Error(`${script} did not start within 60 s`)), 60_000)
    child.stdout.on('data', chunk => {
      out += chunk
      const match = /ready (\S+)/.exec(out)
      if (match) {
        clearTimeout(timer)
        // Stopping a process that already exited (a failure between two steps) resolves at once.
        const stop = () =>
          child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise(done => (child.on('exit', done), child.kill('SIGTERM')))
        resolve({ child, url: match[1], stop })
      }
    })
    child.on('exit', code => reject(new Error(`${script} exited with ${code}`)))
  })
}

const startServer = options => startChild('bench/serverChild.mjs', [JSON.stringify(options)])

/** CPU time a process has used so far, in µs (from /proc: user + system, in clock ticks of 10 ms). */
const cpuMicros = pid => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10_000
}

const waitMs = ms => new Promise(resolve => setTimeout(resolve, ms))

/**
 * The resident memory of an idle process once V8 has given back its start-up garbage. Start-up
 * leaves the young generation at its full size (32 MB of semi-spaces, measured); V8's memory
 * reducer shrinks it some seconds after the last full collection when the process allocates
 * little (~17 s after start here: 177 → 146 MB, the same server). Samples RSS every second for up
 * to `maxMs`; settled is a window of 6 samples (5 s) within 1 MB of each other (whole MB, so
 * under 2 MB of spread) that either lies at least 5% below the first sample or, for a process
 * that had nothing to give back, starts 20 s or more after it. Returns the window's last sample,
 * or the last sample at `maxMs` (then `settled` is false).
 */
async function settledRss(pid, maxMs = 60_000) {
  const first = rssMb(pid)
  const started = performance.now()
  const samples = []
  while (performance.now() - started < maxMs) {
    await waitMs(1000)
    samples.push(rssMb(pid))
    const last = samples.slice(-6)
    const flat = last.length === 6 && Math.max(...last) - Math.min(...last) <= 1
    if (flat && (last[0] <= first * 0.95 || samples.length - 6 >= 20)) {
      return { mb: last.at(-1), seconds: Math.round((performance.now() - started) / 1000) + 3, settled: true }
    }
  }
  return { mb: samples.at(-1), seconds: Math.round(maxMs / 1000) + 3, settled: false }
}

/** Two rows for a server just started: RSS 3 s after start, then idle (settledRss). */
async function idleRows(server, what) {
  await waitMs(3000)
  row(`RSS 3 s after start, ${what} (MB)`, rssMb(server.child.pid))
  const idle = await settledRss(server.child.pid)
  row(`idle RSS, ${what} (MB)`, `${idle.mb} (${idle.settled ? 'settled' : 'not settled'} ${idle.seconds} s after start)`, '≤ 150')
}

console.log(`bench:server on ${CORES} cores (all figures on 127.0.0.1, one server process)`)
const dir = mkdtempSync(join(tmpdir(), 'wm-bench-server-'))
const devnet = await startDevnet()
let server
let forwarder
try {
  const config = demoServerConfig({ chains: devnet.chains, tokens: devnet.tokens })
  config.rateLimits = { enabled: false }
  config.history = { enabled: false }

  // 1. Idle memory with the sample catalogue: 3 s after start, then once idle (see settledRss).
  server = await startServer({ config, relay: true })
  await idleRows(server, 'sample catalogue')
  await server.stop()

  // 1b. The same on a PostgreSQL server (DATABASE_URL) instead of the embedded database, when
  // this machine has PostgreSQL's binaries (`npm test` installs them).
  const postgres = postgresAvailability()
  if (postgres.ok) {
    const cluster = await startPostgres(postgres.bin)
    try {
      server = await startServer({ config, relay: true, databaseUrl: cluster.url })
      await idleRows(server, 'on PostgreSQL, sample catalogue')
      await server.stop()
    } finally {
      await cluster.stop()
    }
  } else {
    row('idle RSS on PostgreSQL, sample catalogue (MB)', `not measured (${postgres.reason})`, '≤ 150')
  }

  // 2. The rest on a 10,000-wallet catalogue, with generous relay caps, and a 500-token list on
  // the second chain (its balances are read in one Multicall3 aggregate3 call).
  config.walletsFile = bigCatalogue(dir)
  config.tokenLists = { default: false, urls: [pathToFileURL(await bigTokenList(dir, devnet.chains[1])).href] }
  server = await startServer({ config, relay: { maxConnections: 30_000, maxConnectionsPerClient: 30_000, publishesPerSecond: 100_000 } })
  const base = server.url
  await waitMs(2000)
  row('RSS 2 s after start, 10,000-wallet catalogue (MB)', rssMb(server.child.pid))

  const terms = ['salt', 'wallet', 'sample', 'dev', 'ar', 'x', 'moon 3', 'zz']
  const latencies = []
  for (let i = 0; i < 200; i++) {
    const started = performance.now()
    const response = await fetch(`${base}/getWallets?${CLIENT}&page=1&entries=40&search=${encodeURIComponent(terms[i % terms.length])}`)
    if (!response.ok) fail(`/getWallets search answered ${response.status}`)
    await response.arrayBuffer()
    latencies.push(performance.now() - started)
  }
  row('directory search p50 / p95 (ms)', `${percentile(latencies, 50).toFixed(1)} / ${percentile(latencies, 95).toFixed(1)}`, 'p95 ≤ 50')
  let page = 0
  row(
    'directory pages per second (10 concurrent)',
    await rps(async () => (await fetch(`${base}/getWallets?${CLIENT}&page=${(page++ % 250) + 1}&entries=40`)).ok, 10, 3000)
  )

  const account = WALLET_ACCOUNT
  row(
    'balances per second (10 concurrent; ETH + 2 tokens on one chain)',
    await rps(async () => (await fetch(`${base}/v1/account/${account}/balance?${CLIENT}&currency=usd&chainId=eip155:31337`)).ok, 10, 3000)
  )
  const listLatencies = []
  for (let i = 0; i < 200; i++) {
    const started = performance.now()
    const response = await fetch(`${base}/v1/account/${account}/balance?${CLIENT}&currency=usd&chainId=eip155:${devnet.chains[1].chainId}`)
    if (!response.ok) fail(`balances over a 500-token list answered ${response.status}`)
    const { balances } = await response.json()
    if (!balances.some(b => b.symbol === DEVNET_LIST_TOKEN.symbol)) fail('balances over a 500-token list: the listed token is missing')
    listLatencies.push(performance.now() - started)
  }
  row(
    'balances over a 500-token list p50 / p95 (ms; one aggregate3 call)',
    `${percentile(listLatencies, 50).toFixed(1)} / ${percentile(listLatencies, 95).toFixed(1)}`
  )
  const rpcBody = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' })
  row(
    'RPC proxy calls per second (20 concurrent, eth_blockNumber)',
    await rps(
      async () =>
        (await fetch(`${base}/v1/?chainId=eip155:31337&projectId=demo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: rpcBody })).ok,
      20,
      3000
    )
  )

  // 3. Relay: idle sockets, each subscribed to one topic.
  const relayUrl = `${base.replace(/^http/, 'ws')}/relay`
  const before = rssMb(server.child.pid)
  const idle = []
  for (let opened = 0; opened < IDLE_SOCKETS; opened += 500) {
    const batch = Array.from({ length: 500 }, () => relaySocket(relayUrl))
    await within(Promise.all(batch.map(s => s.opened)), 60_000, `opening idle sockets ${opened}-${opened + 499}`)
    const answers = await within(
      Promise.all(batch.map(s => s.request('irn_subscribe', { topic: topic() }))),
      60_000,
      `subscribing idle sockets ${opened}-${opened + 499}`
    )
    const refused = answers.find(a => a.error)
    if (refused) fail(`an idle socket was refused: ${refused.error.message}`)
    idle.push(...batch)
  }
  await waitMs(2000)
  const withSockets = rssMb(server.child.pid)
  row(`RSS with ${IDLE_SOCKETS} idle relay sockets (MB)`, `${withSockets} (+${withSockets - before})`, '≤ 500')
  for (const s of idle) s.socket.terminate()
  await waitMs(1000)

  // 4. Relay: pairs exchanging acknowledged publishes, against the bare forwarder: the least a
  // relay must do for this traffic (parse, look the topic up, push, acknowledge; no storage, no
  // checks), on the server's `ws`, in its own process. Client and server share this machine's
  // cores, so the absolute figure says as much about the machine as about the relay; the ratio
  // says what the relay's own work costs. Rounds alternate which goes first, so a machine busier
  // early or late weighs on both alike; a warm-up run each is left out.
  forwarder = await startChild('bench/bareForwarder.mjs')
  const targets = { relay: { url: relayUrl, pid: server.child.pid, runs: [] }, forwarder: { url: forwarder.url, pid: forwarder.child.pid, runs: [] } }
  for (const target of Object.values(targets)) await runRelayPairs(target.url, { pairs: 100, messages: 2000 })
  for (let round = 0; round < RELAY_ROUNDS; round++) {
    for (const name of round % 2 ? ['forwarder', 'relay'] : ['relay', 'forwarder']) {
      const target = targets[name]
      let cpuAtStart = 0
      let cpu = 0
      const run = await runRelayPairs(target.url, {
        pairs: PAIRS,
        messages: MESSAGES,
        hooks: { timed: on => (on ? (cpuAtStart = cpuMicros(target.pid)) : (cpu = cpuMicros(target.pid) - cpuAtStart)) }
      })
      target.runs.push({ ...run, cpuPerMessage: cpu / run.delivered })
      console.log(`    round ${round + 1}, ${name}: ${run.perSecond} messages/s, server CPU ${Math.round(cpu / run.delivered)} µs/message`)
    }
  }
  const middle = (runs, key) => median(runs.map(r => r[key]))
  const p50p99 = runs => `${middle(runs, 'p50').toFixed(1)} / ${middle(runs, 'p99').toFixed(1)}`
  const { relay, forwarder: floor } = targets
  row(`relay messages per second (${PAIRS} pairs, acknowledged publishes; median of ${RELAY_ROUNDS})`, middle(relay.runs, 'perSecond'), '≥ 5,000')
  row('relay delivery p50 / p99 (ms)', p50p99(relay.runs))
  const sum = key => relay.runs.reduce((total, r) => total + r[key], 0)
  row('relay deliveries / publishes', `${sum('delivered')} / ${sum('published')}`, 'equal')
  row('bare forwarder messages per second (same pairs, clients and messages)', middle(floor.runs, 'perSecond'))
  row('bare forwarder delivery p50 / p99 (ms)', p50p99(floor.runs))
  row('relay / bare forwarder (same run)', median(relay.runs.map((r, i) => r.perSecond / floor.runs[i].perSecond)).toFixed(2), '≥ 0.5')
  row(
    'server CPU per message, relay / bare forwarder (µs)',
    `${Math.round(middle(relay.runs, 'cpuPerMessage'))} / ${Math.round(middle(floor.runs, 'cpuPerMessage'))}`
  )
} catch (error) {
  console.error(`bench:server: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
} finally {
  await forwarder?.stop()
  await server?.stop()
  await devnet.stop()
  rmSync(dir, { recursive: true, force: true })
}
if (process.exitCode === 1) process.exit(1)

mkdirSync(dirname(OUT), { recursive: true })
writeFileSync(OUT, JSON.stringify({ cores: CORES, at: new Date().toISOString(), rows }, null, 2))
console.log(`\n| figure (${CORES} cores) | value | target |\n|---|---|---|`)
for (const r of rows) console.log(`| ${r.what} | ${r.value} | ${r.target} |`)
process.exit(0)
