import type { IncomingMessage } from 'node:http';
import { isApiRequest } from './api-path';

const at = (url: string) => isApiRequest({ url } as IncomingMessage);

describe('isApiRequest', () => {
  it('is /api and everything under it', () => {
    expect(at('/api')).toBe(true);
    expect(at('/api/subscription/status')).toBe(true);
    expect(at('/api?x=1')).toBe(true);
  });

  it('is not the web app, nor a path that merely starts with the same letters', () => {
    expect(at('/')).toBe(false);
    expect(at('/chat')).toBe(false);
    expect(at('/apiary')).toBe(false);
    expect(at('/remotes/chat/remoteEntry.js')).toBe(false);
  });
});
