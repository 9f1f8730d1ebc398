// The image endpoints (/getWalletImage/{id}, /public/get{Asset,Currency,Token}Image/{id}): every
// image a generated, script-free SVG; unknown ids 404 JSON.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { getJson, urlOf, type OrError } from '../__fixtures__/http.js'
import { startOfflineServer } from '../__fixtures__/startOfflineServer.js'
import { useStarted } from '../__fixtures__/useStarted.js'
import { MELD_STAND_IN_FIAT, COINBASE_STAND_IN_PAYMENTS } from '@wallet-modal/devnet'

interface Page {
  data: { image_url: string }[]
}

describe('images', () => {
  const server = useStarted(startOfflineServer, started => started.close())
  const wallets = (params: Record<string, string | number | undefined>) =>
    getJson<OrError<Page>>(urlOf(server.url, '/getWallets', { page: 1, entries: 40, ...params }))

  const assertSvg = async (url: string): Promise<string> => {
    const response = await fetch(url)
    assert.equal(response.status, 200, url)
    assert.equal(response.headers.get('content-type'), 'image/svg+xml')
    assert.equal(response.headers.get('content-security-policy'), "default-src 'none'; style-src 'unsafe-inline'")
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff')
    const svg = await response.text()
    assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*<\/svg>$/)
    assert.doesNotMatch(svg, /<script|on\w+=|href|<foreignObject/i)
    return svg
  }

  it('serves every wallet image_url as a script-free SVG', async () => {
    const { body } = await wallets({ entries: 3 })
    const svgs = await Promise.all(body.data.map(w => assertSvg(w.image_url)))
    assert.match(svgs[0]!, />DW</)
    assert.notEqual(svgs[1], svgs[2])
  })

  it('serves network, avatar, currency and token images; unknown ids are 404 JSON', async () => {
    await assertSvg(urlOf(server.url, '/public/getAssetImage/eip155:31337'))
    await assertSvg(urlOf(server.url, '/public/getAssetImage/eip155'))
    await assertSvg(urlOf(server.url, '/public/getAssetImage/avatar-devnet'))
    await assertSvg(urlOf(server.url, '/public/getCurrencyImage/USD'))
    assert.match(await assertSvg(urlOf(server.url, '/public/getTokenImage/dusd')), />DUS</)
    for (const path of ['/getWalletImage/nope', '/public/getAssetImage/eip155:1234', '/public/getCurrencyImage/XXX', '/public/getTokenImage/NOPE']) {
      const { status, body } = await getJson(urlOf(server.url, path))
      assert.equal(status, 404, path)
      assert.equal(body.error, 'not_found')
      assert.match(body.reason, /Unknown .* image id/)
    }
    const bad = await getJson(urlOf(server.url, `/getWalletImage/${encodeURIComponent('a b<')}`))
    assert.equal(bad.status, 400)
  })

  it("has an image for every fiat currency the on-ramp offers (the modal's Buy view shows it), with the modal's parameters", async () => {
    // The modal's sample currencies (USD, EUR: the devnet sandbox's too) and the providers' stand-ins'.
    const offered = new Set(['USD', 'EUR', ...MELD_STAND_IN_FIAT.map(f => f.currencyCode), ...COINBASE_STAND_IN_PAYMENTS.map(c => c.id)])
    const modal = { projectId: 'demo', st: 'wallet-modal', sv: 'html-wallet-modal-0.1.0' }
    for (const id of offered) await assertSvg(urlOf(server.url, `/public/getCurrencyImage/${id}`, {}, modal))
    // The currency's sign, written as text in the SVG (ids are matched in any case).
    assert.match(await assertSvg(urlOf(server.url, '/public/getCurrencyImage/usd')), />\$<\/text>/)
    assert.match(await assertSvg(urlOf(server.url, '/public/getCurrencyImage/EUR')), />€<\/text>/)
  })
})
