import { brokenStorage } from '../__fixtures__/devnet.js'
import { expect } from 'chai'
import { createStorage, is, STORAGE_PREFIX, type StorageBackend } from './storage.js'

function memory(): StorageBackend & { map: Map<string, string> } {
  const map = new Map<string, string>()
  return { map, getItem: k => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: k => void map.delete(k) }
}

describe('storage', () => {
  it('stores values as records with a timestamp under the prefix', () => {
    const backend = memory()
    const s = createStorage(backend, () => 1000)
    s.set('k', 'v')
    expect(JSON.parse(backend.map.get(`${STORAGE_PREFIX}k`)!)).to.deep.equal({ value: 'v', timestamp: 1000 })
    expect(s.get('k', is.string)).to.equal('v')
  })
  it('ignores and removes garbage, foreign shapes and expired records', () => {
    const backend = memory()
    let now = 0
    const s = createStorage(backend, () => now)
    backend.setItem(`${STORAGE_PREFIX}a`, '{not json')
    backend.setItem(`${STORAGE_PREFIX}b`, JSON.stringify({ value: 42, timestamp: 0 }))
    backend.setItem(`${STORAGE_PREFIX}c`, JSON.stringify('plain'))
    backend.setItem(`${STORAGE_PREFIX}d`, 'null')
    for (const k of ['a', 'b', 'c', 'd']) {
      expect(s.get(k, is.string), k).to.equal(undefined)
      expect(backend.map.has(`${STORAGE_PREFIX}${k}`), k).to.equal(false)
    }
    s.set('e', 'x')
    now = 31_000
    expect(s.get('e', is.string, 30_000)).to.equal(undefined)
  })
  it('keeps working when the backend throws', () => {
    const broken = brokenStorage()
    const s = createStorage(broken)
    expect(() => s.set('k', 1)).not.to.throw()
    expect(s.get('k', is.string)).to.equal(undefined)
    expect(() => s.remove('k')).not.to.throw()
  })
  it('validates with oneOf and stringArray', () => {
    expect(is.oneOf('connected')('connected')).to.equal(true)
    expect(is.oneOf('connected')('other')).to.equal(false)
    expect(is.stringArray(['a'])).to.equal(true)
    expect(is.stringArray(['a', 1])).to.equal(false)
  })
})
