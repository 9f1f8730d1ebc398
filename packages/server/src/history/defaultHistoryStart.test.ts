// Where the activity indexer starts on a chain without `historyFromBlock`: the whole history of
// a devnet on this machine, only what comes next on any other chain.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { defaultHistoryStart } from './ChainFollower.js'

describe('defaultHistoryStart', () => {
  it('reads a node on this machine from block 0 and any other from the head', () => {
    for (const local of ['http://127.0.0.1:8545', 'http://localhost:8545/', 'http://[::1]:8545', 'http://127.0.0.2/rpc'])
      assert.equal(defaultHistoryStart(local), 0, local)
    for (const remote of ['https://eth.example.com', 'https://rpc.example/v1?key=x', 'http://10.0.0.5:8545', 'http://127.0.0.1.example.com'])
      assert.equal(defaultHistoryStart(remote), 'latest', remote)
  })
})
