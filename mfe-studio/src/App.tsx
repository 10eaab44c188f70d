import { Suspense, lazy, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Box, PageFrame, useT } from '@kasa/ui';
import { prefetchOnIdle } from '@kasa/ui/prefetch';
import { messages } from './messages';
import { Overview } from './overview/Overview';
import { chunkRuntime } from './shared/chunk-runtime';
import { StudioHeader } from './shared/StudioHeader';
import { STUDIO_TABS, StudioTabs, type StudioTab } from './shared/StudioTabs';

// The working tabs load when first opened: the overview is all a first visit downloads. Their code
// is fetched ahead (not run) once the page is idle, and loaded as soon as a finger is on a tab
// (docs/architecture.md#prefetching-code), so a first switch does not wait for the network.
const TAB_LOADERS = {
  media: () => import('./media-studio/MediaStudio'),
  voice: () => import('./voice-lab/VoiceLab'),
} as const;
const MediaStudio = lazy(TAB_LOADERS.media);
const VoiceLab = lazy(TAB_LOADERS.voice);

/** The tab's code, when the finger or pointer is on it (the tap follows). */
const loadTab = (tab: StudioTab) => {
  if (tab !== 'overview') void TAB_LOADERS[tab]().catch(() => undefined);
};

const isTab = (value: string | null): value is StudioTab => STUDIO_TABS.includes(value as StudioTab);

/** AI Studio (/ai-studio): Overview, Media Studio and Voice Lab tabs; the tab is in `?tab=`. */
export default function StudioApp() {
  const t = useT(messages);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: StudioTab = isTab(requested) ? requested : 'overview';
  const open = (next: StudioTab) => setParams(next === 'overview' ? {} : { tab: next });
  useEffect(() => prefetchOnIdle(chunkRuntime(), Object.values(TAB_LOADERS)), []);

  return (
    <PageFrame title={t('title')} subtitle={t('subtitle')} testId="studio-page">
      <StudioHeader />
      <StudioTabs current={tab} onChange={open} onIntent={loadTab} />
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
