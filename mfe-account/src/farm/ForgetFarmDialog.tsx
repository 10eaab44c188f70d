// Loaded only when Forget my farm is opened.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Box, Button, useErrorText, useT, useToast } from '@kasa/ui';
import { DialogFrame } from '@kasa/ui/dialog-frame';
import { EMPTY_FARM_PROFILE, FARM_PROFILE_QUERY_KEY, forgetFarmProfile } from './farm-api';
import { farmMessages } from './messages';

/** Says what goes and what stays, then DELETEs the profile; the page shows the empty form. */
export default function ForgetFarmDialog({
  onClose,
  onForgotten,
}: {
  onClose: () => void;
  onForgotten: () => void;
}) {
  const t = useT(farmMessages);
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const forget = useMutation({
    mutationFn: forgetFarmProfile,
    onSuccess: () => {
      // The server now answers the empty profile: no need to ask it again.
      queryClient.setQueryData(FARM_PROFILE_QUERY_KEY, EMPTY_FARM_PROFILE);
      toast({ title: t('forgotten'), description: t('forgottenText') });
      onForgotten();
      onClose();
    },
  });
  const errorText = useErrorText(forget.error);
  return (
    <DialogFrame onClose={onClose} title={t('forgetTitle')} testId="farm-forget-dialog">
      <Box component="p" sx={{ mt: 0 }}>
        {t('forgetExplain')}
      </Box>
      {forget.isError && (
        <Box
          role="alert"
          data-testid="farm-forget-error"
          sx={{ mb: 2, color: 'error.main', fontWeight: 600 }}
        >
          {errorText(forget.error, t('forgetFailedText'))}
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          type="button"
          variant="contained"
          color="error"
          disabled={forget.isPending}
          onClick={() => forget.mutate()}
          data-testid="farm-forget-confirm"
        >
          {forget.isPending ? t('forgetting') : t('forget')}
        </Button>
        <Button type="button" color="inherit" disabled={forget.isPending} onClick={onClose}>
          {t('cancel')}
        </Button>
      </Box>
    </DialogFrame>
  );
}
