export { freePort } from '../../../tooling/net/free-port';
