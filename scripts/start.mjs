// `npm start`: install what is missing, build everything for production, then serve the API and
// every frontend on one port (default 3000) on the embedded defaults (nothing to configure).
import { apiNodeArgs, buildAll, ensureDependencies, log, supervise } from './lib.mjs';

ensureDependencies();
buildAll();
log('Starting Kasa (Ctrl-C stops it and its embedded PostgreSQL)...');
supervise(process.execPath, [...apiNodeArgs(), 'backend/dist/main.js']);
