// React 19 ships CommonJS only, which the browser test runner cannot import. This plugin
// pre-bundles react, react/jsx-runtime, react-dom and react-dom/client into ES modules once at
// server start (esbuild, code splitting so all four share one React copy) and serves them.
import { build } from 'esbuild'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const SPECIFIERS = ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime', 'react-dom', 'react-dom/client', 'react-dom/server']
const PREFIX = '/__react-esm/'
const fileOf = spec => `${spec.replace(/[/]/g, '__')}.js`

/** @returns {import('@web/test-runner').TestRunnerPlugin} */
export function reactEsmPlugin() {
  const files = new Map()
  return {
    name: 'react-esm',
    async serverStart() {
      const entries = SPECIFIERS.map(spec => {
        // CommonJS has no static export list: read the names from the module itself.
        const names = Object.keys(require(spec)).filter(n => n !== 'default' && /^[A-Za-z_$][\w$]*$/.test(n))
        return { spec, contents: `import * as m from '${spec}';\nexport const { ${names.join(', ')} } = m;\nexport default m;\n` }
      })
      const result = await build({
        entryPoints: entries.map(e => ({ in: `virtual:${e.spec}`, out: fileOf(e.spec).replace(/\.js$/, '') })),
        bundle: true,
        splitting: true,
        format: 'esm',
        write: false,
        outdir: '/out',
        define: { 'process.env.NODE_ENV': '"development"' },
        plugins: [
          {
            name: 'virtual',
            setup(b) {
              b.onResolve({ filter: /^virtual:/ }, args => ({ path: args.path.slice(8), namespace: 'virtual' }))
              b.onLoad({ filter: /.*/, namespace: 'virtual' }, args => ({
                contents: entries.find(e => e.spec === args.path).contents,
                resolveDir: process.cwd()
              }))
            }
          }
        ]
      })
      for (const f of result.outputFiles) files.set(PREFIX + f.path.replace(/^\/out\//, ''), f.text)
    },
    resolveImport({ source }) {
      if (SPECIFIERS.includes(source)) return PREFIX + fileOf(source)
    },
    serve(context) {
      const body = files.get(context.path)
      if (body !== undefined) return { body, type: 'js' }
    }
  }
}
