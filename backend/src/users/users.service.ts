import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@kasa/contracts';
import type { EntityManager } from 'typeorm';
import { normalizeUsername } from './normalize-username';
import type { User } from './user.entity';
import { usernameTaken } from './users.errors';
import { UsersRepository } from './users.repository';

/** The public view of a user: never the password hash or the token version. */
export function toAuthUser(user: User): AuthUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    createdAt: user.createdAt.toISOString(),
  };
}

@Injectable()
export class UsersService {
  constructor(private readonly users: UsersRepository) {}

  findById(id: string): Promise<User | null> {
    return this.users.findById(id);
  }

  /** Lookup by normalised username (any case, width or composition); withPassword also loads the hash. */
  findByUsername(username: string, withPassword = false): Promise<User | null> {
    return this.users.findByNormalizedUsername(normalizeUsername(username), withPassword);
  }

  findPasswordHash(id: string): Promise<string | null> {
    return this.users.findPasswordHash(id);
  }

  /** A name whose normalised form another account holds is taken (409), whatever its spelling. */
  async create(data: { username: string; email: string | null; passwordHash: string }): Promise<User> {
    if (await this.findByUsername(data.username)) throw usernameTaken();
    const id = await this.users.insert({ ...data, usernameNormalized: normalizeUsername(data.username) });
    if (id === null) throw usernameTaken();
    return (await this.findById(id))!;
  }

  async updateProfile(user: User, data: { username: string; email: string | null }): Promise<User> {
    const usernameNormalized = normalizeUsername(data.username);
    if (usernameNormalized !== normalizeUsername(user.username)) {
      const other = await this.findByUsername(data.username);
      if (other && other.id !== user.id) throw usernameTaken();
    }
    const updated = await this.users.updateProfile(user.id, {
      username: data.username,
      usernameNormalized,
      email: data.email,
    });
    if (!updated) throw usernameTaken();
    return (await this.findById(user.id))!;
  }

  /**
   * Binds the admin name `name` to the account `id` while that account holds the name and no
   * account is bound to it yet (UsersRepository.bindAdminName).
   */
  bindAdminName(id: string, name: string, configured: readonly string[]): Promise<void> {
    return this.users.bindAdminName(id, name, configured);
  }

  /** Whether some account is bound to the admin name `name`. */
  isAdminNameBound(name: string): Promise<boolean> {
    return this.users.isAdminNameBound(name);
  }

  /** Revokes every token of the user (and the links signed before now); returns the new version. */
  bumpTokenVersion(id: string, manager?: EntityManager): Promise<number> {
    return this.users.bumpTokenVersion(id, manager);
  }

  /** Sets a new password hash and revokes every existing token and link; returns the new token version. */
  setPassword(id: string, passwordHash: string, manager?: EntityManager): Promise<number> {
    return this.users.setPassword(id, passwordHash, manager);
  }
}
