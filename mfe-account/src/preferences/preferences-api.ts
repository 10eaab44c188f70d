import { apiFetch } from '@kasa/api-client';
import type { NotificationSettingsResponse, UpdateNotificationPreferencesRequest } from '@kasa/contracts';

export const NOTIFICATIONS_QUERY_KEY = ['/api/account/notifications'] as const;

export const updateNotifications = (body: UpdateNotificationPreferencesRequest) =>
  apiFetch<NotificationSettingsResponse>(NOTIFICATIONS_QUERY_KEY[0], { method: 'PUT', body });
