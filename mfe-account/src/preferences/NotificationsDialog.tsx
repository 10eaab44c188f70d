// Loaded only when Notifications → Configure is tapped.
import { useState, type FormEvent } from 'react';
import Switch from '@mui/material/Switch';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences, NotificationSettingsResponse } from '@kasa/contracts';
import { Box, Button, useErrorText, useT, useToast } from '@kasa/ui';
import { DialogFrame } from '@kasa/ui/dialog-frame';
import { Loadable } from '../shared/Loadable';
import { NOTIFICATIONS_QUERY_KEY, updateNotifications } from './preferences-api';
import { useNotificationSettings } from './useNotificationSettings';
import { notificationMessages } from './messages';

const TOPICS = ['usageAlerts', 'proEnding', 'productNews'] as const satisfies ReadonlyArray<
  keyof NotificationPreferences
>;

export default function NotificationsDialog({ onClose }: { onClose: () => void }) {
  const t = useT(notificationMessages);
  const settings = useNotificationSettings();
  return (
    <DialogFrame onClose={onClose} title={t('dialogTitle')} testId="notifications-dialog">
      <Loadable query={settings}>{(data) => <NotificationsForm settings={data} onDone={onClose} />}</Loadable>
    </DialogFrame>
  );
}

function NotificationsForm({
  settings,
  onDone,
}: {
  settings: NotificationSettingsResponse;
  onDone: () => void;
}) {
  const t = useT(notificationMessages);
  const { toast } = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [choices, setChoices] = useState<NotificationPreferences>(settings.preferences);

  const save = useMutation({
    mutationFn: updateNotifications,
    onSuccess: (answer) => {
      queryClient.setQueryData(NOTIFICATIONS_QUERY_KEY, answer);
      toast({ title: t('saved'), description: t('savedText') });
      onDone();
    },
    onError: (error) =>
      toast({
        title: t('saveFailed'),
        description: errorText(error, t('saveFailedText')),
        variant: 'destructive',
      }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(choices);
  };

  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 1.5 }}>
      {!settings.hasEmail && (
        <Box
          role="note"
          data-testid="notifications-no-email"
          sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}
        >
          {t('noEmail')}
        </Box>
      )}
      {TOPICS.map((topic) => (
        <Box
          key={topic}
          component="label"
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
            minHeight: 48,
          }}
        >
          <Box>
            <Box sx={{ fontWeight: 600 }}>{t(topic)}</Box>
            <Box sx={{ fontSize: '0.85rem', color: 'text.secondary' }}>{t(`${topic}Hint`)}</Box>
          </Box>
          <Switch
            checked={choices[topic]}
            onChange={(event) => setChoices((old) => ({ ...old, [topic]: event.target.checked }))}
            slotProps={{ input: { 'data-testid': `notification-${topic}` } as object }}
          />
        </Box>
      ))}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        <Button type="submit" variant="contained" disabled={save.isPending} data-testid="notifications-save">
          {save.isPending ? t('saving') : t('save')}
        </Button>
        <Button type="button" color="inherit" onClick={onDone} disabled={save.isPending}>
          {t('cancel')}
        </Button>
      </Box>
    </Box>
  );
}
