// Loaded in every browser test page, after the test framework (see testRunnerHtml in
// web-test-runner.config.mjs): counts `unhandledrejection` events over the page's whole run, with
// the test that was running, and fails the file in a root `after` hook that lists them (one hook
// error per file: the runner's summary, and so `npm test`, count it as a failure). As in Node's
// default mode, a rejection still unhandled when the browser reports it counts, even if a handler
// comes later (the runner's own logger handles it while reporting, so `rejectionhandled` only
// un-counts what it can). Checking after every test would stop the file at the first hit (a
// failing root hook skips the rest), hence one check at the end.
const seen = new Map()
let current = '(outside any test: while the file loaded)'

window.addEventListener('unhandledrejection', event => {
  const reason = event.reason
  const text = reason instanceof Error ? `${reason.name}: ${reason.message}\n${(reason.stack ?? '').split('\n').slice(1, 5).join('\n')}` : String(reason)
  seen.set(event.promise, `${current}\n    ${text.replace(/\n/g, '\n    ')}`)
})
window.addEventListener('rejectionhandled', event => void seen.delete(event.promise))

const root = window.mocha?.suite
if (root) {
  root.beforeEach(function () {
    current = this.currentTest?.fullTitle() ?? current
  })
  root.afterAll(async () => {
    current = '(after the last test)'
    // Rejections of the last test's leftovers surface a few turns later.
    for (let i = 0; i < 5; i++) await new Promise(r => setTimeout(r, 0))
    if (seen.size === 0) return
    const list = [...seen.values()]
    seen.clear()
    throw new Error(`${list.length} unhandled promise rejection(s) in this file:\n  - ${list.join('\n  - ')}`)
  })
}
