// Starts, the first time a test asks for it at /__devnet.json, a real devnet (two anvil chains
// with the tokens) and the real wallet-modal server on top of it (faults enabled, so tests can
// make it misbehave), and stops both with the test server.
/** @returns {import('@web/test-runner').TestRunnerPlugin} */
export function devnetPlugin() {
  let starting
  return {
    name: 'devnet',
    async serverStop() {
      if (!starting) return
      const s = await starting
      await s.wcWallet?.close()
      await s.server?.close()
      await s.devnet.stop()
    },
    async serve(context) {
      if (context.path === '/__events' && starting) {
        // Analytics read-back for tests, done server-side (the service answers the project's origins only).
        const s = await starting
        const u = new URL('/e', s.server.url)
        for (const [k, v] of Object.entries({ projectId: context.query.projectId, event: context.query.event, st: 'test', sv: 'test', limit: '500' }))
          if (v) u.searchParams.set(k, v)
        return { body: await (await fetch(u, { headers: { authorization: `Bearer ${s.readToken}` } })).text(), type: 'json' }
      }
      if (context.path === '/__wcwallet' && starting) {
        // The WalletConnect dev wallet (a Node sign-client in wallet mode on the server's relay),
        // driven by the tests: pair a URI, switch approve/reject, disconnect, read its state.
        const { wcWallet } = await starting
        const q = context.query
        try {
          let body
          if (q.action === 'pair') body = await wcWallet.pair(String(q.uri))
          else if (q.action === 'mode') body = (wcWallet.setMode(q.mode), wcWallet.state())
          else if (q.action === 'disconnect') body = { ended: await wcWallet.disconnectAll() }
          else body = wcWallet.state()
          return { body: JSON.stringify(body), type: 'json' }
        } catch (err) {
          return { body: JSON.stringify({ error: String(err?.message ?? err) }), type: 'json' }
        }
      }
      if (context.path !== '/__devnet.json') return
      starting ??= (async () => {
        // TypeScript sources: the runner is started with `node --import tsx` (scripts/test.mjs).
        const { startDevnet, WALLET_ACCOUNT } = await import('../../packages/devnet/src/index.ts')
        const [{ createServer }, { demoServerConfig }] = await Promise.all([
          import('../../packages/server/src/index.ts'),
          import('../../packages/server/src/config/demoServerConfig.ts')
        ])
        const devnet = await startDevnet()
        const config = demoServerConfig({
          chains: devnet.chains,
          tokens: devnet.tokens,
          solana: devnet.solana,
          uniswap: devnet.uniswap,
          accountAbstraction: devnet.accountAbstraction,
          origins: ['http://localhost:*', 'http://127.0.0.1:*']
        })
        // A second project that allows only another origin: the modal must raise its alert.
        config.projects.push({ id: 'locked', allowedOrigins: ['https://only.example'], features: [], analyticsEnabled: true })
        config.analyticsEnabled = true
        const server = await createServer({ port: 0, config, enableFaults: true })
        const { createWalletConnectDevWallet } = await import('../../packages/devnet/src/walletconnect/createWalletConnectDevWallet.ts')
        const wcWallet = await createWalletConnectDevWallet({
          relayUrl: server.relayUrl,
          chains: devnet.chains.map(c => ({ chainId: c.chainId, rpcUrl: c.rpcUrl }))
        })
        return { devnet, server, wcWallet, walletAccount: WALLET_ACCOUNT, readToken: config.analyticsReadToken }
      })()
      const s = await starting
      return {
        body: JSON.stringify({
          chains: s.devnet.chains,
          tokens: s.devnet.tokens,
          walletAccount: s.walletAccount,
          serviceUrl: s.server.url,
          relayUrl: s.server.relayUrl,
          solana: s.devnet.solana
        }),
        type: 'json'
      }
    }
  }
}
