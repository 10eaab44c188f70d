import { PageFrame, Section } from '@kasa/ui';

/** AI Studio (/ai-studio): Overview, Media Studio and Voice Lab, filled by later issues. */
export default function StudioApp() {
  return (
    <PageFrame title="AI Studio" subtitle="Create images and work with speech." testId="studio-page">
      <Section title="Overview" testId="studio-overview">
        What the studio can do, and your usage, will show here.
      </Section>
      <Section title="Media Studio" testId="studio-media">
        Image generation from a text prompt. Not connected yet.
      </Section>
      <Section title="Voice Lab" testId="studio-voice">
        Speech to text and text to speech with six voices. Not connected yet.
      </Section>
    </PageFrame>
  );
}
