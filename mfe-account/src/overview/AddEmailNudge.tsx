import { useCurrentUser } from '@kasa/api-client';
import { Box, Card, PageLink, useT } from '@kasa/ui';
import { ADD_EMAIL_PATH } from '../shared/add-email';
import { overviewMessages } from './messages';

/**
 * An account without e-mail cannot get a password reset code (docs/product.md#account-page):
 * the overview says so and leads to the profile form with the e-mail field ready.
 */
export function AddEmailNudge() {
  const t = useT(overviewMessages);
  const { data: user } = useCurrentUser();
  if (!user || user.email) return null;
  return (
    // The pages' card (libs/ui PageFrame's Card, Section's frame): a nudge has no heading of its own.
    <Card component="aside" label={t('addEmailAction')} testId="add-email-nudge">
      <Box component="p" sx={{ m: 0 }}>
        {t('addEmailNudge')}
      </Box>
      <PageLink to={ADD_EMAIL_PATH} testId="add-email-link" fontWeight={700}>
        {t('addEmailAction')}
      </PageLink>
    </Card>
  );
}
