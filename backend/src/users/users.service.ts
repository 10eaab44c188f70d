import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@kasa/contracts';
import { type EntityManager, QueryFailedError, Repository } from 'typeorm';
import { ApiException } from '../common';
import { normalizeUsername } from './normalize-username';
import { User } from './user.entity';

export const USERNAME_TAKEN = 'That username is already taken. Please choose another one.';

/** The public view of a user: never the password hash or the token version. */
export function toAuthUser(user: User): AuthUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    createdAt: user.createdAt.toISOString(),
  };
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23505';
}

const usernameTaken = () => new ApiException(HttpStatus.CONFLICT, 'AUTH_USERNAME_TAKEN', USERNAME_TAKEN);

@Injectable()
export class UsersService {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  findById(id: string): Promise<User | null> {
    return this.users.findOneBy({ id });
  }

  /** Lookup by normalised username (any case, width or composition); withPassword also loads the hash. */
  findByUsername(username: string, withPassword = false): Promise<User | null> {
    const query = this.users
      .createQueryBuilder('user')
      .where('user.usernameNormalized = :normalized', { normalized: normalizeUsername(username) });
    if (withPassword) query.addSelect('user.passwordHash');
    return query.getOne();
  }

  async findPasswordHash(id: string): Promise<string | null> {
    const user = await this.users
      .createQueryBuilder('user')
      .addSelect('user.passwordHash')
      .where('user.id = :id', { id })
      .getOne();
    return user?.passwordHash ?? null;
  }

  /** A name whose normalised form another account holds is taken (409), whatever its spelling. */
  async create(data: { username: string; email: string | null; passwordHash: string }): Promise<User> {
    if (await this.findByUsername(data.username)) throw usernameTaken();
    try {
      const saved = await this.users.save(
        this.users.create({ ...data, usernameNormalized: normalizeUsername(data.username), tokenVersion: 0 }),
      );
      return (await this.findById(saved.id))!;
    } catch (error) {
      if (isUniqueViolation(error)) throw usernameTaken();
      throw error;
    }
  }

  async updateProfile(user: User, data: { username: string; email: string | null }): Promise<User> {
    const usernameNormalized = normalizeUsername(data.username);
    if (usernameNormalized !== normalizeUsername(user.username)) {
      const other = await this.findByUsername(data.username);
      if (other && other.id !== user.id) throw usernameTaken();
    }
    try {
      await this.users.update(
        { id: user.id },
        { username: data.username, usernameNormalized, email: data.email },
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw usernameTaken();
      throw error;
    }
    return (await this.findById(user.id))!;
  }

  /**
   * Binds the admin name `name` to the account `id` while that account holds the name and no
   * account is bound to it yet; an account bound to a name no longer in `configured` may be bound
   * anew. The unique index settles a race: the loser stays unbound.
   */
  async bindAdminName(id: string, name: string, configured: readonly string[]): Promise<void> {
    try {
      await this.users.query(
        `UPDATE "users" SET "admin_name" = $2
         WHERE "id" = $1 AND "username_normalized" = $2
           AND ("admin_name" IS NULL OR NOT ("admin_name" = ANY($3::text[])))
           AND NOT EXISTS (SELECT 1 FROM "users" "bound" WHERE "bound"."admin_name" = $2)`,
        [id, name, configured],
      );
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }

  /** Whether some account is bound to the admin name `name`. */
  async isAdminNameBound(name: string): Promise<boolean> {
    const rows = (await this.users.query(`SELECT 1 FROM "users" WHERE "admin_name" = $1`, [
      name,
    ])) as unknown[];
    return rows.length > 0;
  }

  /** Revokes every token of the user (and the links signed before now); returns the new version. */
  async bumpTokenVersion(id: string, manager?: EntityManager): Promise<number> {
    const repo = manager ? manager.getRepository(User) : this.users;
    const rows = (await repo.query(
      `UPDATE "users" SET "token_version" = "token_version" + 1, "tokens_revoked_at" = now(), "updated_at" = now()
       WHERE "id" = $1 RETURNING "token_version"`,
      [id],
    )) as [Array<{ token_version: number }>, number];
    return rows[0][0].token_version;
  }

  /** Sets a new password hash and revokes every existing token and link; returns the new token version. */
  async setPassword(id: string, passwordHash: string, manager?: EntityManager): Promise<number> {
    const repo = manager ? manager.getRepository(User) : this.users;
    const rows = (await repo.query(
      `UPDATE "users" SET "password_hash" = $2, "token_version" = "token_version" + 1, "tokens_revoked_at" = now(),
         "password_changed_at" = now(), "updated_at" = now()
       WHERE "id" = $1 RETURNING "token_version"`,
      [id, passwordHash],
    )) as [Array<{ token_version: number }>, number];
    return rows[0][0].token_version;
  }
}
