// What the built server loads to start (`packages/server/dist/index.js` and every chunk it imports
// statically): none of the libraries only a feature in use needs, each about 9 to 26 MB resident,
// which an idle server would carry (docs/performance.md, server benchmark). They load by dynamic
// import when first used: PostgreSQL's client with `DATABASE_URL`, nodemailer with the first
// e-mail, openid-client with the first social login, @farcaster/auth-client (and viem's chain list
// it imports) with the first Farcaster login, the built-in chain set (viem's chain list) only with
// no chain configured, BIP-322's @scure/btc-signer with the first Bitcoin sign-in.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

const DIST = new URL('../../packages/server/dist/', import.meta.url).pathname

/** The bare specifiers a module and everything it imports statically (not by `import()`) load. */
function staticPackages(file: string, seen = new Set<string>(), packages = new Set<string>()): Set<string> {
  if (seen.has(file)) return packages
  seen.add(file)
  const source = readFileSync(file, 'utf8')
  // `import … from 'x'`, `import 'x'` and `export … from 'x'` at the start of a line (the build's
  // output puts each on its own line); `import('x')` is not matched.
  for (const [, specifier] of source.matchAll(/^(?:import|export)\b[^'"]*?(?:from\s*)?['"]([^'"]+)['"];?$/gm)) {
    if (specifier!.startsWith('.')) staticPackages(join(dirname(file), specifier!), seen, packages)
    else packages.add(specifier!)
  }
  return packages
}

test('the server starts without the libraries that only a feature in use needs', () => {
  const loaded = staticPackages(join(DIST, 'index.js'))
  // The check reads the build: it finds the server's own dependencies.
  for (const used of ['fastify', 'viem', 'valibot', '@fastify/websocket']) assert.ok(loaded.has(used), `${used} should be found: ${[...loaded].join(', ')}`)
  for (const lazy of ['pg', 'nodemailer', 'openid-client', '@farcaster/auth-client', 'viem/chains', '@scure/btc-signer', '@electric-sql/pglite'])
    assert.ok(!loaded.has(lazy), `${lazy} is loaded at start-up`)
})
