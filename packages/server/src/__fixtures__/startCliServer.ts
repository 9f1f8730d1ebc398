import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const CLI = fileURLToPath(new URL('../cli.ts', import.meta.url))
// Resolved here, so the process may run in any folder (a bare 'tsx' resolves from its cwd).
const TSX = import.meta.resolve('tsx')
// The repository's tsconfig maps the workspace packages to their sources; tsx finds it from the
// cwd, so a process elsewhere is told where it is.
const TSCONFIG = fileURLToPath(new URL('../../../../tsconfig.json', import.meta.url))

/** A server running as its own process, started by {@link startCliServer}. */
export interface CliServer {
  url: string
  /** What it printed so far. */
  output(): { stdout: string; stderr: string }
  /** SIGTERM, then resolves with its exit code. */
  stop(): Promise<number | null>
}

/**
 * Runs `wallet-modal-server` (from its TypeScript sources) as a separate process on a free port
 * and resolves once it has printed its whole start-up banner (URL to storage). Rejects with its output if it exits first
 * or prints nothing within 60 s.
 *
 * @param args - Command-line arguments (`--config` at least).
 * @param env - Extra environment variables (e.g. `DATABASE_URL`).
 * @param cwd - Working folder of the process (default this one's).
 */
export async function startCliServer(args: string[], env: Record<string, string> = {}, cwd?: string): Promise<CliServer> {
  const child = spawn(process.execPath, ['--import', TSX, CLI, '--quiet', ...args], {
    cwd,
    env: { ...process.env, TSX_TSCONFIG_PATH: TSCONFIG, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', chunk => (stdout += chunk))
  child.stderr.on('data', chunk => (stderr += chunk))
  const exited = new Promise<number | null>(resolve =>
    child.on(
      'exit',
      (code, signal) => (signal && console.error(`# cli server ended by ${signal}: ${stderr.slice(-500)} / ${stdout.slice(-300)}`), resolve(code))
    )
  )
  const output = () => ({ stdout, stderr })
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL printed: ${JSON.stringify(output())}`)), 60_000)
    child.stdout.on('data', () => {
      // The banner's last line says where data is kept; lines may arrive in separate chunks.
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)[\s\S]*storage: /.exec(stdout)
      if (match) {
        clearTimeout(timer)
        resolve(match[1]!)
      }
    })
    void exited.then(code => {
      clearTimeout(timer)
      reject(new Error(`exited ${code}: ${JSON.stringify(output())}`))
    })
  })
  return {
    url,
    output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      return exited
    }
  }
}
