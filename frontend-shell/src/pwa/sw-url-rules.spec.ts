import { isApiRequest, isHashedAsset, isVersionPointer } from './sw-url-rules';

const origin = 'https://kasa.example';
const url = (path: string) => new URL(path, origin);

describe('service worker URL rules', () => {
  it('recognises API calls on this origin only', () => {
    expect(isApiRequest(url('/api/chat'), origin)).toBe(true);
    expect(isApiRequest(url('/api'), origin)).toBe(true);
    expect(isApiRequest(url('/apix/chat'), origin)).toBe(false);
    expect(isApiRequest(new URL('https://other.example/api/x'), origin)).toBe(false);
  });

  it('treats [name].[contenthash:10].js|css as immutable, on any origin', () => {
    expect(isHashedAsset(url('/remotes/chat/579.6d26088091.js'))).toBe(true);
    expect(isHashedAsset(url('/remotes/chat/__federation_expose_App.3ed208ddf4.js'))).toBe(true);
    expect(isHashedAsset(new URL('https://cdn.example/billing/main.0123456789.css'))).toBe(true);
    expect(isHashedAsset(url('/remotes/chat/remoteEntry.js'))).toBe(false);
    expect(isHashedAsset(url('/service-worker.js'))).toBe(false);
    expect(isHashedAsset(url('/icons/icon-192.png'))).toBe(false);
  });

  it('revalidates what names the current version: runtime config, remote manifests and entries', () => {
    expect(isVersionPointer(url('/runtime-config.json'), origin)).toBe(true);
    expect(isVersionPointer(url('/remotes/chat/mf-manifest.json'), origin)).toBe(true);
    expect(isVersionPointer(url('/remotes/chat/remoteEntry.js'), origin)).toBe(true);
    expect(isVersionPointer(new URL('https://billing.example/mf-manifest.json'), origin)).toBe(true);
    expect(isVersionPointer(new URL('https://other.example/runtime-config.json'), origin)).toBe(false);
    expect(isVersionPointer(url('/manifest.json'), origin)).toBe(false);
  });
});
