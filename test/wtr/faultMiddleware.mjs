// A small misbehaving HTTP endpoint for the browser tests of the HTTP client (a Koa middleware of
// the test server): it answers with the status, Retry-After, body or silence the test asks for in
// the query string, and counts hits per key so a test can assert how many attempts arrived.
//   /__fault?key=k&status=500&retryAfter=1&okAfter=2&mode=hang|stallBody|malformed&body=...
//   /__fault/hits?key=k
export function faultMiddleware() {
  const hits = new Map()
  return async (ctx, next) => {
    if (ctx.path === '/__fault/hits') {
      ctx.type = 'json'
      ctx.body = JSON.stringify({ hits: hits.get(ctx.query.key) ?? 0 })
      return
    }
    if (ctx.path !== '/__fault') return next()
    const q = ctx.query
    const n = (hits.get(q.key) ?? 0) + 1
    hits.set(q.key, n)
    ctx.type = 'json'
    ctx.set('Cache-Control', 'no-store')
    // After `okAfter` failing hits, answer normally.
    if (q.okAfter && n > Number(q.okAfter)) {
      ctx.body = q.body ?? JSON.stringify({ ok: true, hit: n })
      return
    }
    if (q.mode === 'hang') {
      // Never answer; the socket closes when the client gives up or the server stops.
      await new Promise(resolve => ctx.req.once('close', resolve))
      return
    }
    if (q.mode === 'stallBody') {
      // Headers and the start of a body, then silence: the client's timeout must cover the body.
      ctx.respond = false
      ctx.res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
      ctx.res.write('{"ok":')
      await new Promise(resolve => ctx.res.once('close', resolve))
      return
    }
    if (q.mode === 'malformed') {
      ctx.body = '<html>oops'
      return
    }
    if (q.status) {
      ctx.status = Number(q.status)
      if (q.retryAfter) ctx.set('Retry-After', q.retryAfter)
      ctx.body = JSON.stringify({ error: 'fault', reason: `injected ${q.status}` })
      return
    }
    ctx.body = q.body ?? JSON.stringify({ ok: true, hit: n })
  }
}
