// The demo's server configuration (the devnet's projects, chains, test identities and the public
// test keys of its bundler and paymaster) lives beside the server's code, whose tests use it, but is
// not part of the published @wallet-modal/server: the devnet bundles it from source.
// biome-ignore lint/style/noRestrictedImports: the one source the devnet bundles from the server's tree, on purpose (above); it is not a test.
export * from '../../../server/src/config/demoServerConfig.js'
