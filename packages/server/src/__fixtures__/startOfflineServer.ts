// The server most HTTP tests need: the demo configuration with no chain running (no test here
// reaches one), plus a second project with other origins and analytics off.
import { createServer, type ServerConfig, type WalletModalServer } from '../internal.js'
import { demoServerConfig } from '../config/demoServerConfig.js'

/** An origin of the demo project's `allowedOrigins` (`http://127.0.0.1:*`). */
export const DEMO_ORIGIN = 'http://127.0.0.1:5173'

/** The second project: origins `https://only.example` and `https://*.shop.example`, no features, analytics off. */
export const LOCKED_PROJECT = 'locked'

/**
 * Starts a server with the demo project (its chain's port is closed on purpose: nothing here may
 * call it) and the {@link LOCKED_PROJECT}, on a free port with an in-memory database.
 *
 * @param overrides - Top-level configuration to set on top (e.g. `rateLimits`).
 */
export async function startOfflineServer(overrides: Partial<ServerConfig> = {}): Promise<WalletModalServer> {
  const config = demoServerConfig({
    chains: [{ chainId: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:9' }],
    tokens: { DUSD: '0x5FbDB2315678afecb367f032d93F642f64180aa3', USDT: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' }
  })
  config.projects.push({ id: LOCKED_PROJECT, allowedOrigins: ['https://only.example', 'https://*.shop.example'], features: [], analyticsEnabled: false })
  return createServer({ config: { ...config, ...overrides } })
}
