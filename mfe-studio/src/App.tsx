import { Suspense, lazy } from 'react';
import { useSearchParams } from 'react-router';
import { Box, PageFrame, useT } from '@kasa/ui';
import { messages } from './messages';
import { Overview } from './overview/Overview';
import { StudioHeader } from './shared/StudioHeader';
import { STUDIO_TABS, StudioTabs, type StudioTab } from './shared/StudioTabs';

// The working tabs load when first opened: the overview is all a first visit downloads.
const MediaStudio = lazy(() => import('./media-studio/MediaStudio'));
const VoiceLab = lazy(() => import('./voice-lab/VoiceLab'));

const isTab = (value: string | null): value is StudioTab => STUDIO_TABS.includes(value as StudioTab);

/** AI Studio (/ai-studio): Overview, Media Studio and Voice Lab tabs; the tab is in `?tab=`. */
export default function StudioApp() {
  const t = useT(messages);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: StudioTab = isTab(requested) ? requested : 'overview';
  const open = (next: StudioTab) => setParams(next === 'overview' ? {} : { tab: next });

  return (
    <PageFrame title={t('title')} subtitle={t('subtitle')} testId="studio-page">
      <StudioHeader />
      <StudioTabs current={tab} onChange={open} />
      <Box role="tabpanel" id={`studio-panel-${tab}`} aria-labelledby={`studio-tab-${tab}`} sx={{ pt: 2 }}>
        <Suspense
          fallback={
            <Box component="p" role="status" sx={{ color: 'text.secondary' }}>
              {t('loading')}
            </Box>
          }
        >
          {tab === 'overview' && <Overview onOpen={open} />}
          {tab === 'media' && <MediaStudio />}
          {tab === 'voice' && <VoiceLab />}
        </Suspense>
      </Box>
    </PageFrame>
  );
}
