import { lazy, Suspense, useState } from 'react';
import { Box, Button, useT } from '@kasa/ui';
import { deleteMessages } from './messages';

const DeleteAccountDialog = lazy(() => import('./DeleteAccountDialog'));

/** The danger card at the bottom of Security: what deleting removes and keeps, and the way in. */
export function DeleteAccount({ twoFactorEnabled }: { twoFactorEnabled: boolean }) {
  const t = useT(deleteMessages);
  const [open, setOpen] = useState(false);
  return (
    <Box
      component="section"
      data-testid="account-delete"
      aria-labelledby="account-delete-title"
      sx={{
        p: 2,
        mb: 2,
        border: '2px solid',
        borderColor: 'error.main',
        borderRadius: 2,
        bgcolor: 'background.paper',
      }}
    >
      <Box
        component="h2"
        id="account-delete-title"
        sx={{ m: 0, mb: 1, fontSize: '1.15rem', fontWeight: 700, color: 'error.main' }}
      >
        {t('title')}
      </Box>
      <Box component="p" sx={{ mt: 0 }}>
        {t('explain')}
      </Box>
      <Box component="ul" sx={{ pl: 2.5 }}>
        <li>{t('paymentsKept')}</li>
        <li>{t('cardCancelled')}</li>
      </Box>
      <Button
        variant="contained"
        color="error"
        onClick={() => setOpen(true)}
        data-testid="delete-account-open"
      >
        {t('open')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <DeleteAccountDialog twoFactorEnabled={twoFactorEnabled} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
