import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, QueryFailedError, Repository } from 'typeorm';
import { type PreparedStatement, queryPrepared } from '../common';
import { User } from './user.entity';

/** Whether the statement broke a unique index (the username's, the admin name's). */
function isUniqueViolation(error: unknown): boolean {
  return error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23505';
}

/**
 * The users whose current token version is the given one ($1 ids, $2 versions, pairwise): one
 * statement for every request waiting while the previous one ran (JwtAuthGuard's BatchWhileBusy).
 */
const USERS_HOLDING_TOKEN_VERSIONS: PreparedStatement = {
  name: 'auth_users_holding_token_versions',
  text: `SELECT u."id", u."username", u."email", u."admin_name", u."token_version", u."created_at", u."updated_at"
         FROM unnest($1::uuid[], $2::int[]) AS t("id", "version")
         JOIN "users" u ON u."id" = t."id" AND u."token_version" = t."version"`,
};

/** A `users` row as USERS_HOLDING_TOKEN_VERSIONS reads it (no hash, no normalised name). */
export interface UserRow {
  id: string;
  username: string;
  email: string | null;
  admin_name: string | null;
  token_version: number;
  created_at: Date;
  updated_at: Date;
}

/** A User of its own per row: request handlers may not share one object. */
export function toUser(row: UserRow): User {
  return Object.assign(new User(), {
    id: row.id,
    username: row.username,
    email: row.email,
    adminName: row.admin_name,
    tokenVersion: row.token_version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}

type UpdateReturning<T> = [T[], number];

/** The `users` table. Writes that take a manager run in the caller's transaction. */
@Injectable()
export class UsersRepository {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  findById(id: string): Promise<User | null> {
    return this.users.findOneBy({ id });
  }

  /** Lookup by normalised username; withPassword also loads the hash. */
  findByNormalizedUsername(normalized: string, withPassword: boolean): Promise<User | null> {
    const query = this.users
      .createQueryBuilder('user')
      .where('user.usernameNormalized = :normalized', { normalized });
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

  /** Inserts the account; its id, or null when the normalised name is taken (unique index). */
  async insert(data: {
    username: string;
    usernameNormalized: string;
    email: string | null;
    passwordHash: string;
  }): Promise<string | null> {
    try {
      const saved = await this.users.save(this.users.create({ ...data, tokenVersion: 0 }));
      return saved.id;
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  /** Sets name and e-mail; false when the normalised name is taken (unique index). */
  async updateProfile(
    id: string,
    data: { username: string; usernameNormalized: string; email: string | null },
  ): Promise<boolean> {
    try {
      await this.users.update({ id }, data);
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
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
    )) as UpdateReturning<{ token_version: number }>;
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
    )) as UpdateReturning<{ token_version: number }>;
    return rows[0][0].token_version;
  }

  /** For each (id, version), the user while it is their current token version, else null; one statement. */
  async usersHoldingTokenVersions(
    keys: ReadonlyArray<{ id: string; tokenVersion: number }>,
  ): Promise<Array<User | null>> {
    const rows = await queryPrepared<UserRow>(this.dataSource, USERS_HOLDING_TOKEN_VERSIONS, [
      keys.map((key) => key.id),
      keys.map((key) => key.tokenVersion),
    ]);
    const byKey = new Map(rows.map((row) => [`${row.id}:${row.token_version}`, row]));
    return keys.map((key) => {
      const row = byKey.get(`${key.id}:${key.tokenVersion}`);
      return row ? toUser(row) : null;
    });
  }
}
