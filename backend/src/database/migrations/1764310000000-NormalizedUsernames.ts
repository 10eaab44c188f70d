import type { MigrationInterface, QueryRunner } from 'typeorm';

const BATCH = 5000;

/**
 * users.username_normalized: the username as normalizeUsername() compares it, computed here by
 * that same function (never by PostgreSQL's locale-dependent lower()), unique. It replaces the
 * unique index on lower(username), so lookups, uniqueness and the per-username rate limits all
 * agree on which spellings name one account.
 */
export class NormalizedUsernames1764310000000 implements MigrationInterface {
  name = 'NormalizedUsernames1764310000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD COLUMN "username_normalized" text`);

    const owners = new Map<string, string[]>();
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = (await queryRunner.query(
        `SELECT "id", "username" FROM "users" WHERE "id" > $1 ORDER BY "id" LIMIT ${BATCH}`,
        [after],
      )) as Array<{ id: string; username: string }>;
      if (!rows.length) break;
      const normalized = rows.map((row) => normalizeUsername(row.username));
      rows.forEach((row, i) =>
        owners.set(normalized[i], [...(owners.get(normalized[i]) ?? []), row.username]),
      );
      await queryRunner.query(
        `UPDATE "users" SET "username_normalized" = v."normalized"
         FROM unnest($1::uuid[], $2::text[]) AS v("id", "normalized")
         WHERE "users"."id" = v."id"`,
        [rows.map((row) => row.id), normalized],
      );
      after = rows[rows.length - 1].id;
    }

    const clashes = [...owners.values()].filter((names) => names.length > 1);
    if (clashes.length) {
      throw new Error(
        `These usernames become one name once normalised (case, width, ß/ss): ${clashes
          .map((names) => names.join(' = '))
          .join('; ')}. Rename all but one of each group, then start again.`,
      );
    }

    await queryRunner.query(`ALTER TABLE "users" ALTER COLUMN "username_normalized" SET NOT NULL`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "users_username_normalized_key" ON "users" ("username_normalized")`,
    );
    await queryRunner.query(`DROP INDEX "users_username_lower_key"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE UNIQUE INDEX "users_username_lower_key" ON "users" (lower("username"))`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "username_normalized"`);
  }
}

/**
 * users/normalize-username.ts as it stood when this migration was written: a migration keeps its
 * own copy so that it computes the same column whatever the code later becomes.
 */
function normalizeUsername(username: string): string {
  return username.normalize('NFKC').toLowerCase().toUpperCase().toLowerCase().normalize('NFKC');
}
