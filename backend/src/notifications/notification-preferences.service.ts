import { Injectable } from '@nestjs/common';
import type { NotificationSettingsResponse, UpdateNotificationPreferencesRequest } from '@kasa/contracts';
import { SESSION_ENDED } from '../auth/auth.errors';
import { ApiException } from '../common/api-exception';
import { NotificationPreferencesRepository } from './notification-preferences.repository';

/** The Notifications dialog of the account page: read and change which e-mails the user wants. */
@Injectable()
export class NotificationPreferencesService {
  constructor(private readonly preferences: NotificationPreferencesRepository) {}

  async settings(userId: string): Promise<NotificationSettingsResponse> {
    const settings = await this.preferences.settingsOf(userId);
    // The guard found the user a moment ago: only a deletion in between gets here.
    if (!settings) throw new ApiException(401, 'AUTH_SESSION_ENDED', SESSION_ENDED);
    return settings;
  }

  async update(
    userId: string,
    change: UpdateNotificationPreferencesRequest,
  ): Promise<NotificationSettingsResponse> {
    if (Object.values(change).some((value) => value !== undefined))
      await this.preferences.update(userId, change);
    return this.settings(userId);
  }
}
