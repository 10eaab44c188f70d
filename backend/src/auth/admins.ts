import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config';
import { normalizeUsername, type User, UsersService } from '../users';

/**
 * Who is an administrator: the accounts bound to a name ADMIN_USERNAMES lists (compared by
 * normalised username, so 'Ops_Admin' in the setting names the account ops_admin). A name is
 * bound, once, to the account holding it when the API first sees it: at start, or when that
 * account signs up or renames itself to it. The binding is stored on the account
 * (users.admin_name), so every API instance, and every restart, agrees; the rights stay with the
 * account through a rename, and the name it gave up makes nobody else an administrator. A name
 * no account holds yet is reported at start: whoever takes it first becomes an administrator.
 */
@Injectable()
export class Admins implements OnApplicationBootstrap {
  private readonly logger = new Logger('Admins');
  private readonly names: readonly string[];
  /** Slot 0 binds and warns at start; the other API processes would only repeat it (race-safe anyway). */
  private readonly bindsAtStart: boolean;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly users: UsersService,
  ) {
    this.names = [...new Set(config.adminUsernames.map(normalizeUsername))];
    this.bindsAtStart = !config.apiProcessIndex;
  }

  isAdmin(user: Pick<User, 'adminName'> | null | undefined): boolean {
    return !!user?.adminName && this.names.includes(user.adminName);
  }

  /** Binds the account's name to it if ADMIN_USERNAMES lists that name and no account has it yet. */
  async claim(user: Pick<User, 'id' | 'username'>): Promise<void> {
    const name = normalizeUsername(user.username);
    if (this.names.includes(name)) await this.users.bindAdminName(user.id, name, this.names);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.bindsAtStart) return;
    for (const name of this.names) {
      const holder = await this.users.findByUsername(name);
      if (holder) await this.claim(holder);
      else if (!(await this.users.isAdminNameBound(name)))
        this.logger.warn(
          `ADMIN_USERNAMES names "${name}", which has no account yet: create it now, since whoever signs up with that name becomes an administrator.`,
        );
    }
  }
}
