// Starts a real devnet (two anvil chains with the tokens) for the browser tests the first time a
// test asks for it at /__devnet.json, and stops it with the server.
/** @returns {import('@web/test-runner').TestRunnerPlugin} */
export function devnetPlugin() {
  let starting
  return {
    name: 'devnet',
    async serverStop() {
      if (starting) await (await starting).stop()
    },
    async serve(context) {
      if (context.path !== '/__devnet.json') return
      starting ??= (async () => {
        // TypeScript source: the runner is started with `node --import tsx` (scripts/test.mjs).
        const { startDevnet, WALLET_ACCOUNT } = await import('../../packages/devnet/src/index.ts')
        const devnet = await startDevnet()
        devnet.walletAccount = WALLET_ACCOUNT
        return devnet
      })()
      const d = await starting
      return { body: JSON.stringify({ chains: d.chains, tokens: d.tokens, walletAccount: d.walletAccount }), type: 'json' }
    }
  }
}
