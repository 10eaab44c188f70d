import { lazy, Suspense, useState } from 'react';
import { Box, Button, useT } from '@kasa/ui';
import { farmMessages } from './messages';

const ForgetFarmDialog = lazy(() => import('./ForgetFarmDialog'));

/** "Forget my farm", shown once something is saved; it asks before deleting. */
export function ForgetFarm({ onForgotten }: { onForgotten: () => void }) {
  const t = useT(farmMessages);
  const [open, setOpen] = useState(false);
  return (
    <Box sx={{ mt: 3, pt: 2, borderTop: '1px solid', borderColor: 'divider' }}>
      <Button
        type="button"
        variant="outlined"
        color="error"
        onClick={() => setOpen(true)}
        data-testid="farm-forget"
      >
        {t('forget')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ForgetFarmDialog onClose={() => setOpen(false)} onForgotten={onForgotten} />
        </Suspense>
      )}
    </Box>
  );
}
