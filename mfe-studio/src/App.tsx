import { PageFrame, Section, useT } from '@kasa/ui';
import { messages } from './messages';

/** AI Studio (/ai-studio): Overview, Media Studio and Voice Lab, filled by later issues. */
export default function StudioApp() {
  const t = useT(messages);
  return (
    <PageFrame title={t('title')} subtitle={t('subtitle')} testId="studio-page">
      <Section title={t('overviewTitle')} testId="studio-overview">
        {t('overviewText')}
      </Section>
      <Section title={t('mediaTitle')} testId="studio-media">
        {t('mediaText')}
      </Section>
      <Section title={t('voiceTitle')} testId="studio-voice">
        {t('voiceText')}
      </Section>
    </PageFrame>
  );
}
