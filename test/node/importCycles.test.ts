// No import cycles in any package (docs/ARCHITECTURE.md, core): every edge counts, a
// type-only import and a lazy `import()` as much as a plain one, because a reader follows types
// and a lazily loaded module that imports its loader is a cycle in the code's structure even
// when it is none at run time. Tests and fixtures are left out (they may import anything).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize, relative } from 'node:path'

const root = new URL('../../', import.meta.url).pathname

/** Source files of a folder (tests and fixtures aside). */
function sources(dir: string): string[] {
  const out: string[] = []
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    if (e.isDirectory()) {
      if (e.name !== '__fixtures__') out.push(...sources(p))
    } else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p)
  }
  return out
}

/** Each file's relative imports (static, type-only, re-exports and `import()`), resolved to files of the set. */
export function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files)
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const targets: string[] = []
    for (const m of readFileSync(file, 'utf8').matchAll(/(?:from\s+|import\(\s*)['"](\.[^'"]+)['"]/g)) {
      const base = normalize(join(dirname(file), m[1]!))
      const found = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx')].find(c => known.has(c))
      if (found) targets.push(found)
    }
    graph.set(file, targets)
  }
  return graph
}

/** The graph's cycles: its strongly connected components of more than one file (Tarjan). */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (v: string): void => {
    index.set(v, counter)
    low.set(v, counter++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = []
      let w: string
      do {
        w = stack.pop()!
        onStack.delete(w)
        component.push(w)
      } while (w !== v)
      if (component.length > 1) found.push(component.sort())
    }
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return found
}

test('the cycle finder finds a type-only cycle and a lazy one, and no cycle in a chain', () => {
  const graph = new Map([
    ['a', ['b']],
    ['b', ['a']],
    ['c', ['d']],
    ['d', ['e']],
    ['e', ['c']],
    ['f', ['g']],
    ['g', []]
  ])
  assert.deepEqual(cyclesOf(graph), [
    ['a', 'b'],
    ['c', 'd', 'e']
  ])
})

for (const pkg of ['core', 'ui', 'react', 'wagmi', 'wire', 'devnet', 'server']) {
  test(`packages/${pkg} has no import cycle (type-only and lazy imports included)`, () => {
    const dir = join(root, 'packages', pkg, 'src')
    assert.ok(existsSync(dir), dir)
    const cycles = cyclesOf(importGraph(sources(dir))).map(c => c.map(f => relative(dir, f)).join(' → '))
    assert.deepEqual(cycles, [])
  })
}
