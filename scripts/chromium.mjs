// Where Debian's Chromium is, and the flags it needs on these machines: headless as
// root without a sandbox, and no background networking (the network is closed).
import { existsSync } from 'node:fs'

/** Path of the Chromium binary, or undefined when it is not installed. */
export function chromiumPath() {
  return [process.env.CHROMIUM_PATH, '/usr/lib/chromium/chromium', '/usr/bin/chromium'].find(p => p && existsSync(p))
}

/** Launch flags for headless Chromium here. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run'
]
