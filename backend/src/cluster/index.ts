export { runPrimary } from './run-primary';
export { serveApi } from './serve-api';
