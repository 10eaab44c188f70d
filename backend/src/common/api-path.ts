import type { IncomingMessage } from 'node:http';

/** /api and everything under it (the JSON API), as opposed to the web app's files and routes. */
export function isApiRequest(request: IncomingMessage): boolean {
  const url = request.url ?? '';
  return url.startsWith('/api') && (url.length === 4 || url[4] === '/' || url[4] === '?');
}
