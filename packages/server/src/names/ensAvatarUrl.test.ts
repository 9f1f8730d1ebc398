import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ensAvatarUrl, MAX_DATA_AVATAR_LENGTH } from './ensAvatarUrl.js'

const sources = { ipfsGateway: 'https://ipfs.io/ipfs/', nftAvatarService: 'https://metadata.ens.domains/mainnet/avatar/' }

test('ensAvatarUrl: https and data images as they are, ipfs through the gateway, NFTs through the avatar service', () => {
  assert.equal(ensAvatarUrl('https://example.com/a.png', 'a.eth', sources), 'https://example.com/a.png')
  assert.equal(ensAvatarUrl('data:image/png;base64,AAAA', 'a.eth', sources), 'data:image/png;base64,AAAA')
  assert.equal(ensAvatarUrl('ipfs://bafybeigdyrzt/a.png', 'a.eth', sources), 'https://ipfs.io/ipfs/bafybeigdyrzt/a.png')
  assert.equal(ensAvatarUrl('ipfs://ipfs/QmHash', 'a.eth', sources), 'https://ipfs.io/ipfs/QmHash')
  assert.equal(
    ensAvatarUrl('eip155:1/erc721:0xb47e3cd837dDF8e4c57F05d70Ab865de6e193BBB/1', 'nick.eth', sources),
    'https://metadata.ens.domains/mainnet/avatar/nick.eth'
  )
  assert.equal(ensAvatarUrl('eip155:1/erc1155:0xb47e3cd837dDF8e4c57F05d70Ab865de6e193BBB/1', 'a.eth', { ...sources, nftAvatarService: null }), null)
})

test('ensAvatarUrl: what a page must not load is left out', () => {
  for (const record of [
    'http://example.com/a.png', // not https: mixed content, and readable by anyone on the way
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://user:pass@example.com/a.png',
    'ipfs://bafy/../../etc',
    'ipfs://bafy/%2e%2e/%2e%2e/etc',
    'not a url',
    `data:image/png;base64,${'A'.repeat(MAX_DATA_AVATAR_LENGTH)}`
  ]) {
    assert.equal(ensAvatarUrl(record, 'a.eth', sources), null, record.slice(0, 40))
  }
})
