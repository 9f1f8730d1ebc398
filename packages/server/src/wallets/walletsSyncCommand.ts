// `wallet-modal-server wallets sync`: imports the public wallet registry into the server's
// database once, prints what changed, exits 0 (1 on failure: the previous copy is kept).
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { parseServerConfig, type ServerConfig } from '../config/ServerConfig.js'

/** Usage of the `wallets` command. */
export const WALLETS_USAGE = `Usage: wallet-modal-server wallets sync [--config <file.json>] [--source <url>] [--project-id <id>] [--data-dir <dir>]

  Imports the public wallet registry (default https://api.web3modal.org) into the server's
  database: every page, and the images of new wallets. The directory then serves it instead of
  the bundled catalogue. A failure (registry down, slow, refusing the project) changes nothing.

  --config       Server configuration: its "registry" section (sourceUrl, projectId) is used.
  --source       Registry base URL (overrides registry.sourceUrl).
  --project-id   The WalletConnect Cloud project id the registry knows you by (overrides registry.projectId).
  --data-dir     Folder of the embedded database (env DATA_DIR; default ./wallet-modal-data).
                 Stop a server using the same folder first: the embedded database has one user.
  --timeout-ms   Time each registry request may take, answer included (default 30000).
  DATABASE_URL   Use this PostgreSQL server instead (servers on it may keep running).`

/** What {@link runWalletsCommand} writes to (tests capture it). */
export interface CommandOutput {
  out(line: string): void
  err(line: string): void
}

const consoleOutput: CommandOutput = { out: line => console.log(line), err: line => console.error(line) }

/**
 * Runs `wallet-modal-server wallets <subcommand>`; resolves to the exit code: 0 done, 1 the sync
 * failed (the message says why; nothing was changed), 2 a usage or configuration error.
 *
 * @example
 * ```ts
 * process.exit(await runWalletsCommand(['sync', '--project-id', 'abc'], process.env))
 * ```
 *
 * @param argv - The arguments after `wallets`.
 * @param env - The environment (DATABASE_URL, DATA_DIR).
 * @param output - Where to print (default the console).
 */
export async function runWalletsCommand(argv: string[], env: NodeJS.ProcessEnv, output: CommandOutput = consoleOutput): Promise<number> {
  const usage = (message: string) => {
    output.err(`wallet-modal-server wallets: ${message}\n\n${WALLETS_USAGE}`)
    return 2
  }
  let parsed: ReturnType<typeof parse>
  function parse() {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        config: { type: 'string' },
        source: { type: 'string' },
        'project-id': { type: 'string' },
        'data-dir': { type: 'string' },
        'timeout-ms': { type: 'string' },
        help: { type: 'boolean', short: 'h' }
      }
    })
  }
  try {
    parsed = parse()
  } catch (error) {
    return usage(error instanceof Error ? error.message : String(error))
  }
  if (parsed.values.help) {
    output.out(WALLETS_USAGE)
    return 0
  }
  if (parsed.positionals.length !== 1 || parsed.positionals[0] !== 'sync')
    return usage(`unknown command "${parsed.positionals.join(' ')}" (expected: wallets sync)`)

  let config: ServerConfig | undefined
  if (parsed.values.config) {
    const configPath = resolve(parsed.values.config)
    try {
      config = parseServerConfig(JSON.parse(readFileSync(configPath, 'utf8')))
    } catch (error) {
      return usage(`cannot use ${configPath}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  const sourceUrl = parsed.values.source ?? config?.registry?.sourceUrl
  if (sourceUrl !== undefined && !/^https?:\/\/[^?#\s]+$/.test(sourceUrl)) return usage(`invalid --source "${sourceUrl}" (an http(s) URL without query)`)
  const projectId = parsed.values['project-id'] ?? config?.registry?.projectId
  if (!projectId) return usage('a project id is needed: --project-id, or registry.projectId in --config (the registry answers 401 without a known one)')
  const timeoutText = parsed.values['timeout-ms']
  if (timeoutText !== undefined && !/^\d{1,7}$/.test(timeoutText)) return usage(`invalid --timeout-ms "${timeoutText}"`)

  const databaseUrl = env.DATABASE_URL || undefined
  const dataDir = resolve(parsed.values['data-dir'] ?? env.DATA_DIR ?? './wallet-modal-data')
  // Loaded only now: usage errors are reported without loading the database.
  const { openStore } = await import('../db/openStore.js')
  const { RegistrySync } = await import('./RegistrySync.js')
  let store: Awaited<ReturnType<typeof openStore>>
  try {
    store = await openStore({ databaseUrl, dataDir: databaseUrl ? undefined : dataDir })
  } catch (error) {
    output.err(`wallet-modal-server wallets sync: cannot open the database: ${error instanceof Error ? error.message : String(error)}`)
    return 1
  }
  try {
    const result = await new RegistrySync({
      store,
      projectId,
      sourceUrl,
      timeoutMs: timeoutText === undefined ? undefined : Number(timeoutText),
      log: line => output.out(line)
    }).run()
    const list = (ids: string[]) => (ids.length ? `: ${ids.slice(0, 20).join(', ')}${ids.length > 20 ? `, … (${ids.length - 20} more)` : ''}` : '')
    output.out(`added ${result.added.length}${list(result.added)}`)
    output.out(`changed ${result.changed.length}${list(result.changed)}`)
    output.out(`removed ${result.removed.length}${list(result.removed)}`)
    output.out(`images ${result.images}; wallets now ${result.count}; dropped ${result.dropped.length}`)
    return 0
  } catch (error) {
    output.err(`wallet-modal-server wallets sync: failed, the previous copy is kept: ${error instanceof Error ? error.message : String(error)}`)
    return 1
  } finally {
    await store.close()
  }
}
