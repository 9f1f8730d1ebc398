// The embedded store's files: a temporary database lives in a scratch folder that goes away with
// it, new databases start from a copied template folder, and a bad template is dropped.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPgliteStore, MAKING_MARKER } from './createPgliteStore.js'
import { templatePath } from './pgliteTemplate.js'

describe('createPgliteStore', () => {
  const cache = mkdtempSync(join(tmpdir(), 'wm-pglite-cache-'))
  const saved = process.env.WM_PGLITE_CACHE_DIR
  const scratchFolders = () => (existsSync(join(cache, 'memory')) ? readdirSync(join(cache, 'memory')) : [])
  before(() => {
    process.env.WM_PGLITE_CACHE_DIR = cache
  })
  after(() => {
    if (saved === undefined) delete process.env.WM_PGLITE_CACHE_DIR
    else process.env.WM_PGLITE_CACHE_DIR = saved
    rmSync(cache, { recursive: true, force: true })
  })

  it('keeps a temporary database in a scratch folder that is deleted on close, and saves the template', async () => {
    const store = await createPgliteStore()
    try {
      assert.equal(scratchFolders().length, 1)
      await store.exec('CREATE TABLE t (n int); INSERT INTO t VALUES (1), (2)')
      assert.deepEqual((await store.query<{ s: number }>('SELECT sum(n)::int AS s FROM t')).rows, [{ s: 3 }])
    } finally {
      await store.close()
    }
    assert.deepEqual(scratchFolders(), [])
    const template = templatePath()
    assert.ok(template && existsSync(join(template, 'PG_VERSION')), 'the first database saved the template')
  })

  it('keeps a temporary database in memory when no temporary folder can be written', async () => {
    // The cache "folder" is a file: nothing can be made under it.
    const blocked = join(cache, 'not-a-folder')
    writeFileSync(blocked, '')
    process.env.WM_PGLITE_CACHE_DIR = blocked
    try {
      const store = await createPgliteStore()
      try {
        await store.exec('CREATE TABLE t (n int); INSERT INTO t VALUES (7)')
        assert.deepEqual((await store.query<{ n: number }>('SELECT n FROM t')).rows, [{ n: 7 }])
      } finally {
        await store.close()
      }
    } finally {
      process.env.WM_PGLITE_CACHE_DIR = cache
    }
  })

  it('gives each temporary database its own data', async () => {
    const a = await createPgliteStore()
    const b = await createPgliteStore()
    try {
      await a.exec('CREATE TABLE only_in_a (n int)')
      const seen = await b.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'only_in_a'`)
      assert.deepEqual(seen.rows, [{ n: 0 }])
    } finally {
      await Promise.all([a.close(), b.close()])
    }
  })

  it('starts a new data folder from the template and keeps its data across a reopen', async () => {
    const dir = join(cache, 'data')
    const first = await createPgliteStore(dir)
    try {
      await first.exec(`CREATE TABLE kept (v text); INSERT INTO kept VALUES ('after restart')`)
    } finally {
      await first.close()
    }
    assert.ok(existsSync(join(dir, 'PG_VERSION')))
    const second = await createPgliteStore(dir)
    try {
      assert.deepEqual((await second.query<{ v: string }>('SELECT v FROM kept')).rows, [{ v: 'after restart' }])
    } finally {
      await second.close()
    }
  })

  it('makes again a data folder that a stopped process left half-made, and leaves no marker behind', async () => {
    // A start killed while copying the template: the marker, a cluster's first files, no more.
    const dir = join(cache, 'half-made')
    mkdirSync(join(dir, 'base'), { recursive: true })
    writeFileSync(join(dir, MAKING_MARKER), '')
    writeFileSync(join(dir, 'PG_VERSION'), '17\n')
    const store = await createPgliteStore(dir)
    try {
      await store.migrate()
      assert.deepEqual((await store.query<{ one: number }>('SELECT 1 AS one')).rows, [{ one: 1 }])
    } finally {
      await store.close()
    }
    assert.equal(existsSync(join(dir, MAKING_MARKER)), false)
    // Without a template (initdb into the folder, marker and all) the same holds.
    const savedTemplate = process.env.WM_PGLITE_TEMPLATE
    process.env.WM_PGLITE_TEMPLATE = '0'
    const slow = join(cache, 'no-template')
    try {
      const store2 = await createPgliteStore(slow)
      await store2.close()
    } finally {
      if (savedTemplate === undefined) delete process.env.WM_PGLITE_TEMPLATE
      else process.env.WM_PGLITE_TEMPLATE = savedTemplate
    }
    assert.ok(existsSync(join(slow, 'PG_VERSION')))
    assert.equal(existsSync(join(slow, MAKING_MARKER)), false)
  })

  it('drops a template that does not open and still opens the database', async () => {
    const template = templatePath() as string
    rmSync(template, { recursive: true, force: true })
    mkdirSync(template, { recursive: true })
    writeFileSync(join(template, 'PG_VERSION'), 'not a cluster\n')
    const store = await createPgliteStore()
    try {
      assert.deepEqual((await store.query<{ one: number }>('SELECT 1 AS one')).rows, [{ one: 1 }])
    } finally {
      await store.close()
    }
    assert.equal(existsSync(template), false, 'the bad template is gone (the next start saves a new one)')
    assert.deepEqual(scratchFolders(), [])
  })

  it('removes the scratch folder of a process that was killed before it could', async () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid as number
    const host = hostname().replace(/[^A-Za-z0-9.]/g, '_')
    const leftover = join(cache, 'memory', `${dead}@${host}-abcdef`)
    const otherHost = join(cache, 'memory', `${dead}@another.host-abcdef`)
    mkdirSync(leftover, { recursive: true })
    mkdirSync(otherHost, { recursive: true })
    const store = await createPgliteStore()
    await store.close()
    assert.equal(existsSync(leftover), false)
    assert.equal(existsSync(otherHost), true, 'a folder of another host (a container sharing the cache) is not ours to judge')
  })
})
