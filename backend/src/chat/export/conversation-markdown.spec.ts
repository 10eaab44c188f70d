import type { ExportedConversation, ExportedMessage } from './conversation-export';
import { escapeMarkdown, exportDate, toMarkdownExport } from './conversation-markdown';
import { EXPORT_LABELS } from './export-labels';

const base: Omit<ExportedMessage, 'id' | 'role' | 'content'> = {
  parentId: null,
  status: 'complete',
  model: null,
  modelName: null,
  createdAt: '2026-11-28T09:30:12.000Z',
  attachments: [],
  mediaType: null,
  transcription: null,
  hasRecording: false,
};

const conversation = (messages: ExportedMessage[]): ExportedConversation => ({
  id: 'c',
  title: 'Maize *spacing* #1',
  createdAt: '2026-11-28T09:00:00.000Z',
  exportedAt: '2026-11-29T10:05:00.000Z',
  messages,
});

const options = { appName: 'Kasa', assistantName: 'Kasa', labels: EXPORT_LABELS.en };

describe('toMarkdownExport', () => {
  it('writes the title, then each message with who wrote it and when, replies as written', () => {
    const markdown = toMarkdownExport(
      conversation([
        {
          ...base,
          id: 'q',
          role: 'user',
          content: 'How far apart?',
          attachments: [{ name: 'soil_test.pdf', mimeType: 'application/pdf' }],
        },
        {
          ...base,
          id: 'a',
          role: 'assistant',
          content: '## Spacing\n\n- **75 cm** between rows',
          model: 'llama3.2:3b',
          modelName: 'Fast',
          createdAt: '2026-11-28T09:31:00.000Z',
        },
      ]),
      options,
    );
    expect(markdown).toBe(
      [
        '# Maize \\*spacing\\* \\#1',
        '',
        '*Exported from Kasa on 2026-11-29 10:05 UTC.*',
        '',
        '---',
        '',
        '**You** · 2026-11-28 09:30 UTC',
        '',
        'How far apart?',
        '',
        '*Attachments: soil\\_test.pdf*',
        '',
        '---',
        '',
        '**Kasa** (Fast) · 2026-11-28 09:31 UTC',
        '',
        '## Spacing',
        '',
        '- **75 cm** between rows',
        '',
      ].join('\n'),
    );
  });

  it('mentions images and recordings, a transcription that differs from the text, and a stopped or failed reply', () => {
    const markdown = toMarkdownExport(
      conversation([
        {
          ...base,
          id: '1',
          role: 'user',
          content: 'Plant in rows',
          hasRecording: true,
          transcription: 'Plant in rows',
        },
        { ...base, id: '2', role: 'assistant', content: '', mediaType: 'image' },
        { ...base, id: '3', role: 'user', content: '', hasRecording: true, transcription: 'When to weed?' },
        { ...base, id: '4', role: 'assistant', content: 'Weed at', status: 'stopped' },
        { ...base, id: '5', role: 'assistant', content: '', status: 'failed' },
      ]),
      options,
    );
    expect(markdown).toContain('Plant in rows\n\n*[Voice recording]*\n\n---');
    expect(markdown).toContain('**Kasa** · 2026-11-28 09:30 UTC\n\n*[Image]*');
    expect(markdown).toContain('> Transcription: When to weed?');
    expect(markdown).toContain('Weed at\n\n*(Stopped)*');
    expect(markdown).toContain('*(This reply failed.)*');
    expect(markdown.match(/Plant in rows/g)).toHaveLength(1);
  });

  it('speaks French when asked', () => {
    const markdown = toMarkdownExport(
      conversation([{ ...base, id: 'q', role: 'user', content: 'Bonjour' }]),
      { ...options, labels: EXPORT_LABELS.fr },
    );
    expect(markdown).toContain('*Exporté depuis Kasa le 2026-11-29 10:05 UTC.*');
    expect(markdown).toContain('**Vous** · 2026-11-28 09:30 UTC');
  });
});

describe('exportDate and escapeMarkdown', () => {
  it('write a date the same way in every language', () => {
    expect(exportDate('2026-01-02T03:04:05.678Z')).toBe('2026-01-02 03:04 UTC');
  });

  it('escape marks and fold line breaks', () => {
    expect(escapeMarkdown('a_b *c* [d](e) <f>\n`g`')).toBe('a\\_b \\*c\\* \\[d\\](e) \\<f\\> \\`g\\`');
  });
});
