// The server under benchmark, alone in its process so its memory is its own: starts
// createServer (built dist) with the options in argv[2] (JSON) and prints `ready <url>`.
import { createServer } from '../packages/server/dist/index.js'

const options = JSON.parse(process.argv[2])
const server = await createServer(options)
// The handler before `ready`: the parent may stop us as soon as it reads it.
process.on('SIGTERM', () => server.close().then(() => process.exit(0)))
console.log(`ready ${server.url}`)
