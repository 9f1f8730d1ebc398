import { NetworkList } from './NetworkList.js'

/** Networks: the site's networks, current one marked; choosing one switches. */
export function NetworksView() {
  return <NetworkList />
}
