export * from './network.js'
export * from './connector.js'
export * from './account.js'
