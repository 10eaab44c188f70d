import type { PlanId } from '@kasa/contracts';
import { Box, PageLink, Section, useT } from '@kasa/ui';
import { ExportData } from '../export/ExportData';
import { overviewMessages } from './messages';

/** Ways on from the account: chat, AI Studio, the plan (an upgrade on Basic), and the data export. */
export function QuickActions({ plan }: { plan: PlanId | undefined }) {
  const t = useT(overviewMessages);
  return (
    <Section variant="panel" title={t('quickActionsTitle')} testId="account-quick-actions">
      <Box component="nav" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3 }}>
        <PageLink to="/chat" testId="quick-action-chat">
          {t('goToChat')}
        </PageLink>
        <PageLink to="/ai-studio" testId="quick-action-studio">
          {t('goToStudio')}
        </PageLink>
        <PageLink to="/subscription" testId="quick-action-upgrade" fontWeight={700}>
          {plan === 'PRO_PLAN' ? t('viewPlan') : t('upgradeToPro')}
        </PageLink>
      </Box>
      <ExportData />
    </Section>
  );
}
