/**
 * A browser's part of a login at the devnet's OpenID provider, for tests without a browser:
 * follows redirects with a cookie jar, picks the test user `sub` on the login page, and stops at
 * the first URL under `stopAt` (the client's redirect URI), which it returns.
 *
 * @example
 * ```ts
 * const back = await followOidcLogin(authorizationUrl, 'alice-0001', `${site}/social/callback`)
 * ```
 */
export async function followOidcLogin(start: URL | string, sub: string, stopAt: string): Promise<URL> {
  const jar = new Map<string, string>()
  let url = new URL(start)
  for (let hop = 0; hop < 12; hop++) {
    if (url.href.startsWith(stopAt)) return url
    const isLogin = /\/interaction\/[^/]+\/login$/.test(url.pathname)
    const res = await fetch(url, {
      method: isLogin ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), ...(isLogin ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: isLogin ? `user=${encodeURIComponent(sub)}` : undefined,
      signal: AbortSignal.timeout(10_000)
    })
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const [k, ...v] = pair!.split('=')
      jar.set(k!.trim(), v.join('='))
    }
    const location = res.headers.get('location')
    if (location) {
      url = new URL(location, url)
      continue
    }
    const html = await res.text()
    if (res.status !== 200) throw new Error(`${url.href} answered ${res.status}: ${html.slice(0, 200)}`)
    // The login page: one form per test user, posting to the interaction.
    const action = /action="([^"]+)"/.exec(html)?.[1]
    if (!action) throw new Error(`no login form in ${html.slice(0, 200)}`)
    url = new URL(action, url)
  }
  throw new Error('too many redirects')
}
