import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** An account. Usernames are unique by their normalised form (see normalize-username.ts). */
@Entity('users')
export class User {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** As the user typed it (shown back to them). */
  @Column({ type: 'varchar', length: 32 })
  username!: string;

  /** normalizeUsername(username): what lookups, uniqueness and per-username rate limits compare. */
  @Column({ name: 'username_normalized', type: 'text', select: false })
  usernameNormalized!: string;

  @Column({ type: 'varchar', length: 254, nullable: true })
  email!: string | null;

  /** argon2id; never leaves the server (see toAuthUser). */
  @Column({ name: 'password_hash', type: 'text', select: false })
  passwordHash!: string;

  /** Bumped on logout, password change and reset: tokens carrying an older version are refused. */
  @Column({ name: 'token_version', type: 'integer', default: 0 })
  tokenVersion!: number;

  /**
   * The ADMIN_USERNAMES name this account was bound to (auth/admins.ts): administrator rights
   * follow the account, not whoever holds the name now.
   */
  @Column({ name: 'admin_name', type: 'text', nullable: true })
  adminName!: string | null;

  /** When the token version last changed: signed links issued before it are refused. */
  @Column({ name: 'tokens_revoked_at', type: 'timestamptz', nullable: true, select: false })
  tokensRevokedAt!: Date | null;

  /** Set at sign-up and by every password change or reset (the Security tab's 'last changed'). */
  @Column({ name: 'password_changed_at', type: 'timestamptz' })
  passwordChangedAt!: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
