import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config';
import { normalizeUsername, type User, UsersService } from '../users';

/**
 * Who is an administrator: the accounts ADMIN_USERNAMES names, compared by normalised username
 * (so 'Ops_Admin' in the setting matches the account ops_admin). Admin rights follow the
 * username, so a named account that does not exist yet is reported at start: whoever signs up
 * with that name first becomes an administrator.
 */
@Injectable()
export class Admins implements OnApplicationBootstrap {
  private readonly logger = new Logger('Admins');
  private readonly names: ReadonlySet<string>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
  ) {
    this.names = new Set(config.adminUsernames.map(normalizeUsername));
  }

  isAdmin(user: Pick<User, 'username'> | null | undefined): boolean {
    return !!user && this.names.has(normalizeUsername(user.username));
  }

  async onApplicationBootstrap(): Promise<void> {
    for (const name of this.config.adminUsernames) {
      if (!(await this.users.findByUsername(name)))
        this.logger.warn(
          `ADMIN_USERNAMES names "${name}", which has no account yet: create it now, since whoever signs up with that name becomes an administrator.`,
        );
    }
  }
}
