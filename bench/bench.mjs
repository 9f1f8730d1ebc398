// `npm run bench`: what a site pays for the modal. Builds the production bundle, serves the demo
// with its devnet on 127.0.0.1, and measures in Debian's headless Chromium (Playwright), each
// figure the median of N fresh-browser runs (default 7) with min and max. Prints a table, writes
// the raw results as JSON, and exits non-zero when a budget is exceeded.
//
// Beside it, in the same run, the previous release (bench/baseline.json, or `--baseline <rev>`):
// its bootstrap build (bench/baselineBuild.mjs) and this one's, each served to the same demo page
// through the same route, alternating, N runs each (`--baseline none` skips it).
//
//   node bench/bench.mjs [--runs 7] [--out .bench/results.json] [--no-build] [--baseline <rev>]
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { baselineBuild } from './baselineBuild.mjs'
import { dirname, join } from 'node:path'
import { chromium } from 'playwright-core'
import { bundleReport, compressedSizes, BROWSER_DIST } from './sizes.mjs'
import { BUDGETS } from './budgets.mjs'
import { chromiumPath, CHROMIUM_ARGS } from '../scripts/chromium.mjs'

const root = new URL('..', import.meta.url).pathname
process.chdir(root)
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? process.argv[i + 1] : fallback
}
const RUNS = Math.max(1, Number(arg('runs', 7)))
const OUT = arg('out', join('.bench', `results-${new Date().toISOString().replace(/[:.]/g, '-')}.json`))

if (!process.argv.includes('--no-build'))
  execFileSync('npm', ['run', 'build', '--silent'], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } })
const BASELINE_FILE = JSON.parse(readFileSync(new URL('./baseline.json', import.meta.url), 'utf8'))
const baselineRev = arg('baseline', BASELINE_FILE.rev)
const baseline = baselineRev === 'none' ? { skipped: 'not asked for (--baseline none)' } : baselineBuild(root, baselineRev)
const executablePath = chromiumPath()
if (!executablePath) {
  console.error('Chromium is missing: run `npm test` once (it installs it) or `apt-get install chromium`.')
  process.exit(2)
}
const { startAll } = await import('../packages/devnet/dist/index.js')
const services = await startAll({ port: 0 })
const measureScript = readFileSync(new URL('./measure.js', import.meta.url), 'utf8')
const bundle = bundleReport()

// Sizes of the modal's own files (under /dist/), computed from the files themselves (those of
// /dist/boot/ from `bootDir` when the run served them from there).
const sizeCache = new Map()
function modalFileSizes(urls, bootDir) {
  const mine = [...new Set(urls)].filter(u => new URL(u).pathname.startsWith('/dist/'))
  return mine.reduce(
    (acc, u) => {
      const path = new URL(u).pathname.slice('/dist/'.length)
      const file = bootDir && path.startsWith('boot/') ? join(bootDir, path.slice('boot/'.length)) : join(BROWSER_DIST, path)
      if (!sizeCache.has(file)) sizeCache.set(file, compressedSizes(readFileSync(file)))
      const s = sizeCache.get(file)
      return { raw: acc.raw + s.raw, gzip: acc.gzip + s.gzip, files: [...acc.files, path] }
    },
    { raw: 0, gzip: 0, files: [] }
  )
}

async function run({ hang, early = false, bootDir }) {
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS })
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    await context.addInitScript(measureScript)
    const page = await context.newPage()
    const origin = new URL(services.url).origin
    const config = JSON.parse(await (await fetch(`${services.url}/devnet.json`)).text())
    // The configured services: the chains' RPC URLs and the wallet-modal server.
    const serviceUrls = [...config.chains.map(c => c.rpcUrl), ...(config.serviceUrl ? [config.serviceUrl] : [])]
    const requests = []
    let clicked = false
    const inFlight = new Set()
    page.on('request', r => {
      inFlight.add(r)
      if (!clicked) requests.push(r.url())
    })
    page.on('requestfinished', r => inFlight.delete(r))
    page.on('requestfailed', r => inFlight.delete(r))
    if (bootDir) {
      // The bootstrap's files from `bootDir` (this build's or the previous release's), the same
      // route for both so that the comparison is fair.
      await page.route(
        url => url.origin === origin && url.pathname.startsWith('/dist/boot/'),
        r => r.fulfill({ path: join(bootDir, new URL(r.request().url()).pathname.slice('/dist/boot/'.length)) })
      )
    }
    if (hang) {
      // Every service the modal calls never answers (the requests stay pending).
      await page.route(
        url => serviceUrls.some(s => url.href.startsWith(s)),
        () => {}
      )
    }
    await page.goto(services.url, { waitUntil: 'domcontentloaded' })
    await page.waitForFunction(() => window.__wm.buttonVisibleAt !== undefined, null, { timeout: 15_000 })
    const result = { buttonVisibleMs: await page.evaluate(() => window.__wm.buttonVisibleAt) }
    // Where the time to the button goes: the page's own navigation and resource timing.
    result.breakdown = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0]
      const resources = performance.getEntriesByType('resource')
      const ended = re => Math.max(0, ...resources.filter(e => re.test(new URL(e.name).pathname)).map(e => e.responseEnd))
      const paint = name => performance.getEntriesByName(name)[0]?.startTime ?? 0
      return {
        documentResponseEnd: nav.responseEnd,
        domInteractive: nav.domInteractive,
        firstContentfulPaint: paint('first-contentful-paint'),
        // The module graph before the bootstrap runs: the page's scripts and the bootstrap itself.
        scriptsEnd: ended(/\.m?js$/),
        bootstrapEnd: ended(/\/boot\.js$/),
        elementsDefined: window.__wm.definedAt ?? 0,
        buttonVisible: window.__wm.buttonVisibleAt
      }
    })
    if (hang) return result
    if (early) {
      // A visitor who clicks as soon as the button shows, before the bootstrap's hand-over.
      await page.locator('connect-button').getByRole('button').click()
      await page.waitForFunction(() => window.__wm.connectVisibleAt !== undefined, null, { timeout: 15_000 })
      const e = await page.evaluate(() => ({ click: window.__wm.clickAt, visible: window.__wm.connectVisibleAt, handedOver: window.__wm.handedOverAt }))
      return { clickToConnectMs: e.visible - e.click, clickedBeforeHandOver: e.handedOver === undefined || e.handedOver > e.click }
    }
    result.firstJs = modalFileSizes(await page.evaluate(() => window.__wm.scriptsAtButton), bootDir)
    // A person reads the page before clicking: let it settle (idle prefetch included).
    await page.waitForLoadState('networkidle')
    const classify = u => (serviceUrls.some(s => u.startsWith(s)) ? 'services' : new URL(u).origin === origin ? 'sameOrigin' : 'other')
    result.requestsBeforeClick = { sameOrigin: 0, services: 0, other: 0 }
    for (const u of requests) if (!u.startsWith('data:')) result.requestsBeforeClick[classify(u)]++
    result.otherRequestUrls = requests.filter(u => !u.startsWith('data:') && classify(u) === 'other')
    // (A page on the full entry has no hand-over: its first button is React's.)
    const booted = result.firstJs.files.some(f => f.startsWith('boot/'))
    if (booted) await page.waitForFunction(() => window.__wm.handedOverAt !== undefined, null, { timeout: 15_000 })
    // Two frames later every layout shift of the hand-over's frame has been reported.
    await page.evaluate(() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))))
    Object.assign(
      result,
      await page.evaluate(() => ({
        handedOverMs: window.__wm.handedOverAt ?? 0,
        handOverShiftPx: window.__wm.handOverShift ?? 0,
        layoutShiftBefore: window.__wm.layoutShiftBefore ?? 0,
        layoutShift: window.__wm.handedOverAt === undefined ? 0 : window.__wm.shiftAt() - window.__wm.layoutShiftBefore
      }))
    )
    clicked = true
    await page.locator('connect-button').getByRole('button').click()
    await page.waitForFunction(() => window.__wm.connectVisibleAt !== undefined, null, { timeout: 15_000 })
    const w = await page.evaluate(() => ({ click: window.__wm.clickAt, visible: window.__wm.connectVisibleAt, scripts: window.__wm.scriptsAtConnect }))
    result.clickToConnectMs = w.visible - w.click
    // Resources requested between the click and the Connect view's paint (the page's own
    // resource timing; a later warm-up of the next views is not waited on by the visitor). Timing
    // lists a request once finished: what is in flight is let finish first (bounded).
    for (const deadline = Date.now() + 10_000; inFlight.size > 0 && Date.now() < deadline; ) await new Promise(r => setTimeout(r, 20))
    result.requestsOnClick = await page.evaluate(
      ([from, to]) =>
        performance
          .getEntriesByType('resource')
          .filter(e => e.startTime >= from && e.startTime <= to)
          .map(e => e.name),
      [w.click, w.visible]
    )
    result.jsAfterConnect = modalFileSizes(w.scripts, bootDir)
    const cdp = await context.newCDPSession(page)
    await cdp.send('HeapProfiler.collectGarbage')
    result.heapUsedBytes = (await cdp.send('Runtime.getHeapUsage')).usedSize
    return result
  } finally {
    await browser.close()
  }
}

const stats = values => {
  const s = [...values].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return { median: s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2, min: s[0], max: s[s.length - 1], values }
}

let results
try {
  const normal = []
  const hanging = []
  const early = []
  for (let i = 0; i < RUNS; i++) normal.push(await run({ hang: false }))
  for (let i = 0; i < RUNS; i++) early.push(await run({ hang: false, early: true }))
  for (let i = 0; i < RUNS; i++) hanging.push(await run({ hang: true }))
  // This build and the previous release, alternating, served by the same route.
  const side = { current: [], previous: [] }
  if (baseline.bootDir)
    for (let i = 0; i < RUNS; i++) {
      side.current.push(await run({ hang: false, bootDir: join(BROWSER_DIST, 'boot') }))
      side.previous.push(await run({ hang: false, bootDir: baseline.bootDir }))
    }
  const pick = f => stats(normal.map(f))
  results = {
    date: new Date().toISOString(),
    runs: RUNS,
    chromium: executablePath,
    figures: {
      firstJsRaw: pick(r => r.firstJs.raw),
      firstJsGzip: pick(r => r.firstJs.gzip),
      jsAfterConnectRaw: pick(r => r.jsAfterConnect.raw),
      jsAfterConnectGzip: pick(r => r.jsAfterConnect.gzip),
      navToButtonMs: pick(r => r.buttonVisibleMs),
      breakdown: Object.fromEntries(Object.keys(normal[0].breakdown).map(k => [k, pick(r => r.breakdown[k])])),
      clickToConnectMs: pick(r => r.clickToConnectMs),
      requestsOnClick: pick(r => r.requestsOnClick.length),
      heapUsedBytes: pick(r => r.heapUsedBytes),
      requestsSameOrigin: pick(r => r.requestsBeforeClick.sameOrigin),
      requestsServices: pick(r => r.requestsBeforeClick.services),
      requestsOther: pick(r => r.requestsBeforeClick.other),
      navToButtonMsServicesHanging: stats(hanging.map(r => r.buttonVisibleMs)),
      navToHandOverMs: pick(r => r.handedOverMs),
      handOverShiftPx: pick(r => r.handOverShiftPx),
      layoutShiftAtHandOver: pick(r => r.layoutShift),
      layoutShiftBeforeHandOver: pick(r => r.layoutShiftBefore),
      clickToConnectEarlyMs: stats(early.map(r => r.clickToConnectMs))
    },
    previousRelease: baseline.bootDir
      ? {
          rev: baseline.sha,
          name: baselineRev === BASELINE_FILE.rev ? BASELINE_FILE.name : baselineRev,
          navToButtonMs: { current: stats(side.current.map(r => r.buttonVisibleMs)), previous: stats(side.previous.map(r => r.buttonVisibleMs)) },
          clickToConnectMs: { current: stats(side.current.map(r => r.clickToConnectMs)), previous: stats(side.previous.map(r => r.clickToConnectMs)) },
          requestsOnClick: {
            current: stats(side.current.map(r => r.requestsOnClick.length)),
            previous: stats(side.previous.map(r => r.requestsOnClick.length))
          }
        }
      : { skipped: baseline.skipped },
    earlyClicksBeforeHandOver: early.filter(r => r.clickedBeforeHandOver).length,
    firstJsFiles: normal[0].firstJs.files,
    jsAfterConnectFiles: normal[0].jsAfterConnect.files,
    otherRequestUrls: [...new Set(normal.flatMap(r => r.otherRequestUrls))],
    requestOnClickUrls: [...new Set(normal.flatMap(r => r.requestsOnClick))],
    buttonRenderedWithServicesHanging: hanging.every(r => r.buttonVisibleMs > 0),
    bundle
  }
} finally {
  await services.stop()
}

// ---- report ----
const kb = n => `${(n / 1000).toFixed(1)} KB`
const ms = n => `${n.toFixed(1)} ms`
const f = results.figures
const row = (label, s, fmt) => [label, fmt(s.median), fmt(s.min), fmt(s.max)]
const table = [
  ['figure', 'median', 'min', 'max'],
  row('JS before button visible (raw)', f.firstJsRaw, kb),
  row('JS before button visible (gzip)', f.firstJsGzip, kb),
  row('JS after Connect view (raw)', f.jsAfterConnectRaw, kb),
  row('JS after Connect view (gzip)', f.jsAfterConnectGzip, kb),
  row('navigation -> button visible', f.navToButtonMs, ms),
  row('  same, every service hanging', f.navToButtonMsServicesHanging, ms),
  row('click -> Connect view with wallets', f.clickToConnectMs, ms),
  row('  requests between click and Connect (idle page)', f.requestsOnClick, String),
  row('  same, click before the hand-over', f.clickToConnectEarlyMs, ms),
  row('navigation -> hand-over to React', f.navToHandOverMs, ms),
  row('button moved at the hand-over', f.handOverShiftPx, n => `${n.toFixed(1)} px`),
  row('layout shift at the hand-over', f.layoutShiftAtHandOver, n => n.toFixed(3)),
  row('layout shift before it (page, first paint)', f.layoutShiftBeforeHandOver, n => n.toFixed(3)),
  row('JS heap used, modal open (after GC)', f.heapUsedBytes, n => `${(n / 1e6).toFixed(2)} MB`),
  row('requests before click: same origin', f.requestsSameOrigin, String),
  row('requests before click: services', f.requestsServices, String),
  row('requests before click: other hosts', f.requestsOther, String)
]
const widths = table[0].map((_, i) => Math.max(...table.map(r => String(r[i]).length)))
console.log(`\nwallet-modal benchmark: ${RUNS} fresh-browser runs each\n`)
for (const [i, r] of table.entries()) {
  console.log(r.map((c, j) => (j === 0 ? String(c).padEnd(widths[j]) : String(c).padStart(widths[j]))).join('  '))
  if (i === 0) console.log(widths.map(w => '-'.repeat(w)).join('  '))
}
console.log('\nnavigation -> button, where the time goes (medians, ms from navigation start):')
const b = f.breakdown
for (const [label, key] of [
  ['the page (HTML) received', 'documentResponseEnd'],
  ['the bootstrap (boot.js) received', 'bootstrapEnd'],
  ["every script received (the page's too)", 'scriptsEnd'],
  ['HTML parsed (DOM interactive)', 'domInteractive'],
  ['first contentful paint (the page)', 'firstContentfulPaint'],
  ['the elements defined (the bootstrap ran)', 'elementsDefined'],
  ['the button visible', 'buttonVisible']
])
  console.log(`  ${label.padEnd(44)} ${ms(b[key].median).padStart(9)}`)
const prev = results.previousRelease
if (prev.rev) {
  console.log(`\nbeside the previous release (${prev.name}, ${prev.rev.slice(0, 7)}): same page, same route, ${RUNS} alternating runs each\n`)
  const side = [
    ['figure', 'this build', 'previous', 'ratio'],
    ...[
      ['navigation -> button visible', prev.navToButtonMs, ms],
      ['click -> Connect view with wallets', prev.clickToConnectMs, ms],
      ['requests between click and Connect', prev.requestsOnClick, String]
    ].map(([label, s, fmt]) => [
      label,
      fmt(s.current.median),
      fmt(s.previous.median),
      s.previous.median ? (s.current.median / s.previous.median).toFixed(2) : '–'
    ])
  ]
  const w = side[0].map((_, i) => Math.max(...side.map(r => String(r[i]).length)))
  for (const [i, r] of side.entries()) {
    console.log(r.map((c, j) => (j === 0 ? String(c).padEnd(w[j]) : String(c).padStart(w[j]))).join('  '))
    if (i === 0) console.log(w.map(x => '-'.repeat(x)).join('  '))
  }
} else console.log(`\nprevious release not measured: ${prev.skipped}`)
console.log('\nchunks (raw / gzip / brotli):')
for (const [file, s] of Object.entries(bundle.chunks))
  console.log(
    `  ${bundle.firstChunkFiles.includes(file) ? '*' : ' '} ${file.padEnd(40)} ${kb(s.raw).padStart(9)} ${kb(s.gzip).padStart(9)} ${kb(s.brotli).padStart(9)}`
  )
console.log('  (* = first chunk)\nfirst chunk by package (rendered bytes before minification):')
for (const [pkg, n] of Object.entries(bundle.firstByPackage).sort((a, b) => b[1] - a[1])) console.log(`  ${pkg.padEnd(40)} ${kb(n).padStart(9)}`)

mkdirSync(dirname(OUT), { recursive: true })
writeFileSync(OUT, JSON.stringify(results, null, 2))
console.log(`\nraw results: ${OUT}`)

const over = []
if (f.firstJsGzip.median > BUDGETS.jsBeforeButtonGzip) over.push(`JS before the button ${kb(f.firstJsGzip.median)} gzip > ${kb(BUDGETS.jsBeforeButtonGzip)}`)
if (f.handOverShiftPx.max > 0 || f.layoutShiftAtHandOver.max > 0)
  over.push(`the hand-over moved something: ${f.handOverShiftPx.max} px, layout shift ${f.layoutShiftAtHandOver.max}`)
if (f.jsAfterConnectGzip.median > BUDGETS.jsAfterConnectWithBootGzip)
  over.push(`JS after Connect ${kb(f.jsAfterConnectGzip.median)} gzip > ${kb(BUDGETS.jsAfterConnectWithBootGzip)}`)
if (f.clickToConnectMs.median > BUDGETS.clickToConnectMs) over.push(`click -> Connect ${ms(f.clickToConnectMs.median)} > ${BUDGETS.clickToConnectMs} ms`)
if (f.requestsOnClick.max > BUDGETS.requestsOnClickAfterIdle)
  over.push(`requests between click and Connect after idle: ${results.requestOnClickUrls.join(', ')}`)
if (f.requestsOther.max > BUDGETS.otherRequestsBeforeClick) over.push(`requests to other hosts before click: ${results.otherRequestUrls.join(', ')}`)
if (!results.buttonRenderedWithServicesHanging) over.push('the button did not render while services hung')
if (over.length) {
  console.error(`\nBUDGET EXCEEDED:\n- ${over.join('\n- ')}`)
  process.exit(1)
}
console.log('\nall budgets hold')
