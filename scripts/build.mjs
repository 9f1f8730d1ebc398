// Builds every package: JavaScript with rollup (rollup.config.mjs), then type declarations
// of the publishable packages with tsc (core first: ui's declarations refer to core's).
import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'

const run = (cmd, args) => execFileSync(cmd, args, { stdio: 'inherit' })
for (const dir of ['packages/core/dist', 'packages/ui/dist', 'packages/devnet/dist', 'packages/server/dist']) rmSync(dir, { recursive: true, force: true })
run(process.execPath, ['node_modules/rollup/dist/bin/rollup', '-c', 'rollup.config.mjs'])
for (const pkg of ['core', 'ui', 'server']) run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', `packages/${pkg}/tsconfig.build.json`])
