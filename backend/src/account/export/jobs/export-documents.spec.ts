import { accountDocument, conversationDocument, conversationMarkdown, majorAmount } from './export-documents';
import type { ExportConversation, ExportMessage } from './export-data.repository';

const conversation: ExportConversation = {
  id: 'c0ffee00-0000-4000-8000-000000000001',
  title: 'Maize [prices]',
  createdAt: new Date('2025-03-14T10:00:00Z'),
  updatedAt: new Date('2025-03-14T10:05:00Z'),
};

const message = (extra: Partial<ExportMessage>): ExportMessage => ({
  id: 'm',
  role: 'user',
  content: '',
  status: 'complete',
  error: null,
  transcription: null,
  mediaFileId: null,
  audioFileId: null,
  createdAt: new Date('2025-03-14T10:01:00Z'),
  attachments: [],
  feedback: null,
  ...extra,
});

describe('majorAmount', () => {
  it('uses the currency’s own decimals', () => {
    expect(majorAmount(400, 'USD')).toBe(4);
    expect(majorAmount(2500, 'XAF')).toBe(2500);
    expect(majorAmount(1999, 'EUR')).toBe(19.99);
  });
});

describe('conversation documents', () => {
  const paths = new Map([
    ['img1', 'files/image/img1-image-img1.png'],
    ['up1', 'files/upload/up1-My report.pdf'],
  ]);
  const messages = [
    message({
      id: 'm1',
      content: 'Look at this',
      attachments: [
        { type: 'upload', name: 'My report.pdf', mimeType: 'application/pdf', fileId: 'up1' },
        { type: 'canvas', name: 'Gone', mimeType: 'image/png', fileId: null },
        { type: 'upload', name: 'Other', mimeType: 'text/plain', fileId: 'not-mine' },
      ],
    }),
    message({ id: 'm2', role: 'assistant', content: 'Here is a picture', mediaFileId: 'img1' }),
    message({ id: 'm3', role: 'assistant', status: 'failed', error: 'The AI service is busy.' }),
  ];

  it('writes Markdown in order with relative, encoded links to the files', () => {
    const markdown = conversationMarkdown(conversation, messages, paths, { user: 'ada', assistant: 'Kasa' });
    expect(markdown.startsWith('# Maize [prices]\n')).toBe(true);
    expect(markdown.indexOf('## ada · 2025-03-14 10:01 UTC')).toBeLessThan(markdown.indexOf('## Kasa'));
    expect(markdown).toContain('- [My report.pdf](../files/upload/up1-My%20report.pdf)');
    expect(markdown).toContain('- Gone (no longer stored)');
    expect(markdown).toContain('- Other (no longer stored)');
    expect(markdown).toContain('![Image](../files/image/img1-image-img1.png)');
    expect(markdown).toContain('_This reply failed: The AI service is busy._');
  });

  it('writes JSON that points at files only through the user’s own manifest', () => {
    const document = conversationDocument(conversation, messages, paths) as {
      messages: Array<{ image: unknown; attachments: Array<{ path: string | null }> }>;
    };
    expect(document.messages.map((m) => m.attachments.map((a) => a.path))).toEqual([
      ['files/upload/up1-My report.pdf', null, null],
      [],
      [],
    ]);
    expect(document.messages[1].image).toEqual({ fileId: 'img1', path: 'files/image/img1-image-img1.png' });
  });
});

describe("the user's feedback on replies", () => {
  const rated = [
    message({ id: 'q', content: 'When do I plant?' }),
    message({
      id: 'r1',
      role: 'assistant',
      content: 'In March.',
      feedback: {
        rating: 'down',
        reason: 'Wrong\nregion',
        model: 'model-a',
        createdAt: new Date('2025-03-14T10:02:00Z'),
        updatedAt: new Date('2025-03-14T10:03:00Z'),
      },
    }),
    message({ id: 'r2', role: 'assistant', content: 'In April.' }),
  ];

  it('is in the JSON with the model rated, null where there is none', () => {
    const document = conversationDocument(conversation, rated, new Map()) as {
      messages: Array<{ feedback: unknown }>;
    };
    expect(document.messages.map((m) => m.feedback)).toEqual([
      null,
      {
        rating: 'down',
        reason: 'Wrong\nregion',
        model: 'model-a',
        createdAt: '2025-03-14T10:02:00.000Z',
        updatedAt: '2025-03-14T10:03:00.000Z',
      },
      null,
    ]);
  });

  it('is said under the reply in the Markdown, on one line', () => {
    const markdown = conversationMarkdown(conversation, rated, new Map(), { user: 'ada', assistant: 'Kasa' });
    expect(markdown).toContain('In March.\n\n_Your feedback: not helpful 👎_: Wrong region\n');
    expect(markdown.match(/Your feedback/g)).toHaveLength(1);
  });
});

describe('accountDocument', () => {
  it('is Basic without an active period and uses default notification preferences', () => {
    const document = accountDocument({
      exportedAt: new Date('2025-03-14T10:00:00Z'),
      app: 'Kasa',
      profile: {
        id: 'u',
        username: 'ada',
        email: null,
        createdAt: new Date('2025-01-01T00:00:00Z'),
        passwordChangedAt: new Date('2025-01-01T00:00:00Z'),
      },
      subscription: null,
      usage: [],
      payments: [],
      cookiePreferences: null,
      notificationPreferences: null,
      twoFactorEnabled: false,
      files: [],
      conversations: [],
    });
    expect(document).toMatchObject({
      plan: { current: 'BASIC_PLAN', subscription: null },
      notificationPreferences: { usageAlerts: true, proEnding: true, productNews: false },
      cookiePreferences: null,
      twoFactor: { enabled: false },
    });
  });
});
