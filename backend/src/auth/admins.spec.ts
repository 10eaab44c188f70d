import { Logger } from '@nestjs/common';
import type { AppConfig } from '../config';
import type { User, UsersService } from '../users';
import { Admins } from './admins';

describe('Admins', () => {
  afterEach(() => jest.restoreAllMocks());

  const existing = new Set(['ops_admin']);
  const users = {
    findByUsername: async (name: string) =>
      existing.has(name.toLowerCase()) ? ({ username: name } as User) : null,
  } as unknown as UsersService;
  const admins = (...names: string[]) => new Admins({ adminUsernames: names } as AppConfig, users);

  it('matches ADMIN_USERNAMES by normalised username, and nobody when it is empty', () => {
    const ops = admins('Ops_Admin');
    expect(ops.isAdmin({ username: 'ops_admin' })).toBe(true);
    expect(ops.isAdmin({ username: 'ＯＰＳ_ADMIN' })).toBe(true);
    expect(ops.isAdmin({ username: 'ops_admin2' })).toBe(false);
    expect(ops.isAdmin(null)).toBe(false);
    expect(admins().isAdmin({ username: 'ops_admin' })).toBe(false);
  });

  it('warns at start about a named admin that has no account yet (anyone could take the name)', async () => {
    const warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    await admins('Ops_Admin', 'night_admin').onApplicationBootstrap();
    expect(warned).toHaveBeenCalledTimes(1);
    expect(String(warned.mock.calls[0][0])).toContain('"night_admin", which has no account yet');
  });
});
