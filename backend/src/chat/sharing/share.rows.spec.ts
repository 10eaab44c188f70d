import { toLiveShare, toShareSummary } from './share.rows';

const created = new Date('2026-11-28T09:30:00.000Z');

describe('toShareSummary', () => {
  it("maps a row to the owner's summary, with the page's path", () => {
    expect(
      toShareSummary({
        id: 'AbC_-0123456789abcdefg',
        conversation_id: '6f1c1b9e-2d7a-4f5e-9b7a-1c2d3e4f5a6b',
        title: 'Maize spacing',
        show_name: true,
        message_count: 4,
        created_at: created,
      }),
    ).toEqual({
      id: 'AbC_-0123456789abcdefg',
      path: '/s/AbC_-0123456789abcdefg',
      conversationId: '6f1c1b9e-2d7a-4f5e-9b7a-1c2d3e4f5a6b',
      title: 'Maize spacing',
      messageCount: 4,
      showName: true,
      createdAt: '2026-11-28T09:30:00.000Z',
    });
  });
});

describe('toLiveShare', () => {
  const row = {
    id: 'AbC_-0123456789abcdefg',
    user_id: 'owner',
    title: 'T',
    author: null,
    created_at: created,
  };

  it('keeps the owner apart from what the reader sees', () => {
    const snapshot = [
      {
        role: 'user' as const,
        content: 'Hi',
        status: 'complete' as const,
        modelName: null,
        createdAt: created.toISOString(),
        imageFileId: null,
        audioFileId: null,
        transcription: null,
        attachmentNames: [],
      },
    ];
    expect(toLiveShare({ ...row, snapshot })).toEqual({
      id: row.id,
      ownerId: 'owner',
      title: 'T',
      author: null,
      snapshot,
      createdAt: created,
    });
  });

  it('reads a snapshot that is not an array as empty', () => {
    expect(toLiveShare({ ...row, snapshot: {} as never }).snapshot).toEqual([]);
  });
});
