// This repository also builds the example against wagmi 2 (WAGMI_MAJOR=2, its test does): the
// `wagmi` import then resolves to the wagmi2 alias package. A site needs none of this.
const wagmi2 = process.env.WAGMI_MAJOR === '2'

/** @type {import('next').NextConfig} */
const config = {
  distDir: process.env.NEXT_DIST_DIR || '.next',
  turbopack: wagmi2 ? { resolveAlias: { wagmi: 'wagmi2' } } : {}
}
export default config
