import { Logger } from '@nestjs/common';
import type { AppConfig } from '../config';
import type { User, UsersService } from '../users';
import { Admins } from './admins';

describe('Admins', () => {
  afterEach(() => jest.restoreAllMocks());

  const holders = new Map([['ops_admin', { id: 'u-ops', username: 'Ops_Admin' } as User]]);
  const bound = new Set(['gone_admin']);
  const binds: Array<[string, string, readonly string[]]> = [];
  const users = {
    findByUsername: async (name: string) => holders.get(name.toLowerCase()) ?? null,
    isAdminNameBound: async (name: string) => bound.has(name),
    bindAdminName: async (id: string, name: string, configured: readonly string[]) => {
      binds.push([id, name, configured]);
    },
  } as unknown as UsersService;
  const admins = (...names: string[]) => new Admins({ adminUsernames: names } as AppConfig, users);

  it('is the account bound to a listed name, whatever it is called now; nobody when none is listed', () => {
    const ops = admins('Ops_Admin');
    expect(ops.isAdmin({ adminName: 'ops_admin' })).toBe(true);
    expect(ops.isAdmin({ adminName: 'night_admin' })).toBe(false);
    expect(ops.isAdmin({ adminName: null })).toBe(false);
    expect(ops.isAdmin(null)).toBe(false);
    expect(admins().isAdmin({ adminName: 'ops_admin' })).toBe(false);
  });

  it('claims a listed name (any spelling) for the account holding it, and no other name', async () => {
    binds.length = 0;
    const ops = admins('Ops_Admin', 'night_admin');
    await ops.claim({ id: 'u1', username: 'ＯＰＳ_ADMIN' });
    await ops.claim({ id: 'u2', username: 'someone' });
    expect(binds).toEqual([['u1', 'ops_admin', ['ops_admin', 'night_admin']]]);
  });

  it('binds the holders at start and warns about a name nobody holds or was bound to', async () => {
    binds.length = 0;
    const warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    await admins('Ops_Admin', 'night_admin', 'gone_admin').onApplicationBootstrap();
    expect(binds.map(([id, name]) => [id, name])).toEqual([['u-ops', 'ops_admin']]);
    expect(warned).toHaveBeenCalledTimes(1);
    expect(String(warned.mock.calls[0][0])).toContain('"night_admin", which has no account yet');
  });
});
