import { ShellPageMetaRegistry } from './shell-page-meta';

describe('ShellPageMetaRegistry', () => {
  it("answers the first source's meta that knows the path, else null", async () => {
    const registry = new ShellPageMetaRegistry();
    registry.register({ metaFor: async (path) => (path.startsWith('/s/') ? { noindex: true } : null) });
    registry.register({ metaFor: async () => ({ status: 404 }) });
    expect(await registry.metaFor('/s/abc')).toEqual({ noindex: true });
    expect(await registry.metaFor('/chat')).toEqual({ status: 404 });
    expect(await new ShellPageMetaRegistry().metaFor('/s/abc')).toBeNull();
  });
});
