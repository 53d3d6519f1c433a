export { RemoteArea } from './remote-area';
