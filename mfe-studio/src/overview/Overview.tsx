import type { ReactNode } from 'react';
import { SPEECH_VOICES } from '@kasa/contracts';
import { Badge, Box, Button, Section, useT } from '@kasa/ui';
import { overviewMessages } from './messages';

/** The Overview tab: one card per studio feature, each opening its tab. */
export function Overview({ onOpen }: { onOpen: (tab: 'media' | 'voice') => void }) {
  const t = useT(overviewMessages);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <FeatureCard
        testId="overview-media"
        title={t('mediaTitle')}
        badge={
          <Badge variant="outline" testId="overview-media-status">
            {t('active')}
          </Badge>
        }
        lines={[t('mediaText'), t('mediaEngine'), t('videoSoon')]}
        action={t('openMedia')}
        onAction={() => onOpen('media')}
      />
      <FeatureCard
        testId="overview-voice"
        title={t('voiceTitle')}
        badge={
          <Badge variant="outline" testId="overview-voice-status">
            {t('active')}
          </Badge>
        }
        lines={[
          t('voiceText'),
          t('sttEngine'),
          t('voices', { count: SPEECH_VOICES.length, names: SPEECH_VOICES.join(', ') }),
        ]}
        action={t('openVoice')}
        onAction={() => onOpen('voice')}
      />
    </Box>
  );
}

function FeatureCard({
  testId,
  title,
  badge,
  lines,
  action,
  onAction,
}: {
  testId: string;
  title: string;
  badge: ReactNode;
  lines: string[];
  action: string;
  onAction: () => void;
}) {
  return (
    <Section
      variant="panel"
      testId={testId}
      title={
        <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          {title} {badge}
        </Box>
      }
    >
      <Box component="ul" sx={{ m: 0, mb: 2, pl: 2.5, color: 'text.secondary' }}>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </Box>
      <Button variant="outlined" onClick={onAction} sx={{ minHeight: 44 }}>
        {action}
      </Button>
    </Section>
  );
}
