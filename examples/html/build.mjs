// Builds the plain HTML example into dist/: index.html with the CDN build's integrity filled in
// from packages/ui/dist/browser/sri.json (the import map lists every file, the script tag the
// entry's), styles.css and the icon as they are. Run after the ui's build (`npm run build` does).
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'

const here = new URL('./', import.meta.url)
/** Where the page loads the CDN build from (the demo server serves it at /dist/). */
const CDN_BASE = '/dist/'
const sri = JSON.parse(readFileSync(new URL('../../packages/ui/dist/browser/sri.json', import.meta.url), 'utf8'))
const integrity = Object.fromEntries(Object.entries(sri.files).map(([file, hash]) => [CDN_BASE + file, hash]))
const html = readFileSync(new URL('index.html', here), 'utf8')
  .replace(/<script type="importmap">[^<]*<\/script>/, `<script type="importmap">${JSON.stringify({ integrity })}</script>`)
  .replace(/(src="\/dist\/wallet-modal\.js" integrity=")[^"]*"/, `$1${sri.files[sri.entry]}"`)
if (html.includes('FROM-SRI-JSON')) throw new Error('examples/html: a hash was not filled in')
rmSync(new URL('dist/', here), { recursive: true, force: true })
mkdirSync(new URL('dist/', here), { recursive: true })
writeFileSync(new URL('dist/index.html', here), html)
for (const file of ['styles.css', 'favicon.svg']) copyFileSync(new URL(file, here), new URL(`dist/${file}`, here))
