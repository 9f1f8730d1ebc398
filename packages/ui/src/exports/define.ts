// The only module with a side effect: registering <wallet-modal> and <connect-button>.
import { defineElements } from '../defineElements.js'

defineElements()
