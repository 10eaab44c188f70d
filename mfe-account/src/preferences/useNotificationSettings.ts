import { useQuery } from '@tanstack/react-query';
import type { NotificationSettingsResponse } from '@kasa/contracts';
import { NOTIFICATIONS_QUERY_KEY } from './preferences-api';

export function useNotificationSettings() {
  return useQuery<NotificationSettingsResponse>({ queryKey: NOTIFICATIONS_QUERY_KEY });
}
