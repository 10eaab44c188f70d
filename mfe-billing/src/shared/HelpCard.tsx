import type { PlanId } from '@kasa/contracts';
import { Box, hasSupportContacts, PageLink, Section, SupportContacts, useAppInfo, useT } from '@kasa/ui';
import { messages } from '../messages';

/**
 * The help card (docs/product.md#subscription-page): email support on Basic, priority
 * WhatsApp/phone on Pro, the operator's support contacts when configured; links to /account and /chat.
 */
export function HelpCard({ plan }: { plan: PlanId }) {
  const t = useT(messages);
  const { support } = useAppInfo();
  return (
    <Section variant="panel" testId="help-card" headingId="help-title" title={t('helpTitle')}>
      <Box component="ul" sx={{ m: 0, pl: 2.5, lineHeight: 1.7 }}>
        <Box component="li" sx={{ fontWeight: plan === 'BASIC_PLAN' ? 700 : 400 }}>
          {t('helpBasic')}
        </Box>
        <Box component="li" sx={{ fontWeight: plan === 'PRO_PLAN' ? 700 : 400 }}>
          {t('helpPro')}
        </Box>
      </Box>
      {hasSupportContacts(support) && (
        <>
          <Box component="p" sx={{ m: 0, mt: 1 }}>
            {t('helpContact')}
          </Box>
          <SupportContacts testId="help-support-contacts" />
        </>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, mt: 1 }}>
        <PageLink to="/account">{t('accountLink')}</PageLink>
        <PageLink to="/chat">{t('backToChat')}</PageLink>
      </Box>
    </Section>
  );
}
