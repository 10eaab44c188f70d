// Loaded only when a two-factor action starts: the QR code, the code forms and the backup codes.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountSecurity, TwoFactorSetupResponse, TwoFactorStatus } from '@kasa/contracts';
import { Box, Button, useErrorText, useT, useToast } from '@kasa/ui';
import { SECURITY_QUERY_KEY } from '../shared/account-api';
import { DialogFrame } from '@kasa/ui/dialog-frame';
import { useCopy } from '../shared/useCopy';
import { confirmTwoFactor, disableTwoFactor, renewBackupCodes } from './security-api';
import { BackupCodes } from './BackupCodes';
import { CodeForm } from './CodeForm';
import { groupSecret } from './two-factor-code';
import { twoFactorMessages } from './two-factor-messages';

export type TwoFactorAction =
  { kind: 'enrol'; setup: TwoFactorSetupResponse } | { kind: 'disable' } | { kind: 'renew' };

/** Puts the new 2FA state into the Security tab's cache at once, then asks the server again. */
function useSecurityUpdate() {
  const queryClient = useQueryClient();
  return (twoFactor: TwoFactorStatus) => {
    queryClient.setQueryData<AccountSecurity>(SECURITY_QUERY_KEY, (old) => old && { ...old, twoFactor });
    void queryClient.invalidateQueries({ queryKey: SECURITY_QUERY_KEY });
  };
}

export default function TwoFactorDialog({
  action,
  username,
  onClose,
}: {
  action: TwoFactorAction;
  username: string;
  onClose: () => void;
}) {
  const t = useT(twoFactorMessages);
  const { toast } = useToast();
  const errorText = useErrorText();
  const updateSecurity = useSecurityUpdate();
  const [codes, setCodes] = useState<string[] | null>(null);
  const failed = (error: unknown) =>
    toast({ title: t('failed'), description: errorText(error), variant: 'destructive' });

  const confirm = useMutation({
    mutationFn: confirmTwoFactor,
    onSuccess: (answer) => {
      updateSecurity(answer.twoFactor);
      setCodes(answer.backupCodes);
      toast({ title: t('enabled') });
    },
    onError: failed,
  });
  const renew = useMutation({
    mutationFn: renewBackupCodes,
    onSuccess: (answer) => {
      updateSecurity(answer.twoFactor);
      setCodes(answer.backupCodes);
    },
    onError: failed,
  });
  const disable = useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: (answer) => {
      updateSecurity(answer.twoFactor);
      toast({ title: t('disabled') });
      onClose();
    },
    onError: failed,
  });

  const title =
    action.kind === 'enrol' ? t('enrolTitle') : action.kind === 'renew' ? t('renewTitle') : t('disableTitle');
  return (
    <DialogFrame onClose={onClose} title={title} testId="two-factor-dialog">
      {codes ? (
        <BackupCodes codes={codes} username={username} onDone={onClose} />
      ) : action.kind === 'enrol' ? (
        <Enrol setup={action.setup} pending={confirm.isPending} onCode={(code) => confirm.mutate(code)} />
      ) : action.kind === 'renew' ? (
        <>
          <Box component="p" sx={{ mt: 0 }}>
            {t('renewExplain')}
          </Box>
          <CodeForm
            allowBackup={false}
            submitLabel={t('renewSubmit')}
            pending={renew.isPending}
            testId="two-factor-renew-code"
            onSubmit={(code) => renew.mutate(code)}
          />
        </>
      ) : (
        <>
          <Box component="p" sx={{ mt: 0 }}>
            {t('disableExplain')}
          </Box>
          <CodeForm
            allowBackup
            submitLabel={t('disableSubmit')}
            pending={disable.isPending}
            testId="two-factor-disable-code"
            submitTestId="two-factor-disable-submit"
            onSubmit={(code) => disable.mutate(code)}
          />
        </>
      )}
    </DialogFrame>
  );
}

/** The QR code and the key to type, then the first code the app shows. */
function Enrol({
  setup,
  pending,
  onCode,
}: {
  setup: TwoFactorSetupResponse;
  pending: boolean;
  onCode: (code: string) => void;
}) {
  const t = useT(twoFactorMessages);
  const copy = useCopy();
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box component="p" sx={{ m: 0 }}>
        {t('scanStep')}
      </Box>
      <Box
        component="img"
        src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrCodeSvg)}`}
        alt={t('qrAlt')}
        data-testid="two-factor-qr"
        sx={{ width: 200, height: 200, maxWidth: '100%', justifySelf: 'center', bgcolor: '#ffffff', p: 1 }}
      />
      <Box component="p" sx={{ m: 0 }}>
        {t('typeStep')}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Box
          component="code"
          data-testid="two-factor-secret"
          data-secret={setup.secret}
          sx={{ fontSize: '1.05rem', fontWeight: 700, wordSpacing: '0.2em', overflowWrap: 'anywhere' }}
        >
          {groupSecret(setup.secret)}
        </Box>
        <Button variant="outlined" color="inherit" size="small" onClick={() => void copy(setup.secret)}>
          {t('copySecret')}
        </Button>
      </Box>
      <Box component="p" sx={{ m: 0 }}>
        {t('codeStep')}
      </Box>
      <CodeForm
        allowBackup={false}
        submitLabel={pending ? t('verifying') : t('verify')}
        pending={pending}
        testId="two-factor-confirm-code"
        submitTestId="two-factor-confirm-submit"
        onSubmit={onCode}
      />
    </Box>
  );
}
