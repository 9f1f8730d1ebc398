// Two things here serve this repository only, and a site needs neither:
// - WAGMI_MAJOR=2 builds the example against wagmi 2 (the `wagmi` import resolves to the wagmi2
//   alias package), so the tests cover both majors;
// - WALLET_MODAL_DEVNET_URL (set by `npm start`) serves the devnet's Devnet Wallet, the stand-in
//   for a browser extension, on this origin, talking to the devnet's chains directly.
const wagmi2 = process.env.WAGMI_MAJOR === '2'
const devnet = process.env.WALLET_MODAL_DEVNET_URL

/** @type {import('next').NextConfig} */
const config = {
  distDir: process.env.NEXT_DIST_DIR || '.next',
  turbopack: wagmi2 ? { resolveAlias: { wagmi: 'wagmi2' } } : {},
  async rewrites() {
    return devnet
      ? [
          { source: '/devnet-wallet.js', destination: `${devnet}/devnet-wallet.js` },
          { source: '/devnet.json', destination: `${devnet}/devnet.json?rpc=direct` }
        ]
      : []
  }
}
export default config
