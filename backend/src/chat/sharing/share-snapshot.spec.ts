import type { MessageAttachment } from '../conversations/conversation.rows';
import type { ChatMessageEntity } from '../entities/chat-message.entity';
import { snapshotFileIds, takeSnapshot, toSharedMessages } from './share-snapshot';

const at = new Date('2026-11-28T09:30:00.000Z');

function message(
  fields: Partial<ChatMessageEntity> & Pick<ChatMessageEntity, 'id' | 'role'>,
): ChatMessageEntity {
  return {
    conversationId: 'c1',
    userId: 'u1',
    content: '',
    status: 'complete',
    error: null,
    errorCode: null,
    mediaFileId: null,
    mediaType: null,
    audioFileId: null,
    transcription: null,
    stopRequested: false,
    parentId: null,
    model: null,
    createdAt: at,
    updatedAt: at,
    ...fields,
  } as ChatMessageEntity;
}

const attachment = (messageId: string, name: string): MessageAttachment => ({
  messageId,
  type: 'upload',
  refId: 'r',
  name,
  mimeType: 'application/pdf',
  fileId: 'f',
});

describe('takeSnapshot', () => {
  const names = (id: string | null) => (id === 'm-fast' ? 'Fast' : null);

  it('keeps what the page shows, no ids, attachments by name, model by display name', () => {
    const snapshot = takeSnapshot(
      [
        message({ id: 'q', role: 'user', content: 'How far apart?' }),
        message({ id: 'a', role: 'assistant', content: '75 cm.', model: 'm-fast' }),
      ],
      [attachment('q', 'soil.pdf'), attachment('q', 'field.jpg')],
      names,
    );
    expect(snapshot).toEqual([
      {
        role: 'user',
        content: 'How far apart?',
        status: 'complete',
        modelName: null,
        createdAt: at.toISOString(),
        imageFileId: null,
        audioFileId: null,
        transcription: null,
        attachmentNames: ['soil.pdf', 'field.jpg'],
      },
      expect.objectContaining({
        role: 'assistant',
        content: '75 cm.',
        modelName: 'Fast',
        attachmentNames: [],
      }),
    ]);
    expect(JSON.stringify(snapshot)).not.toMatch(/"(q|a|c1|u1|m-fast)"/);
  });

  it('leaves out replies still being written and messages with nothing to show', () => {
    const snapshot = takeSnapshot(
      [
        message({ id: '1', role: 'user', content: 'Hello' }),
        message({ id: '2', role: 'assistant', content: '', status: 'failed' }),
        message({ id: '3', role: 'assistant', content: '  ', status: 'stopped' }),
        message({ id: '4', role: 'assistant', content: '', mediaFileId: 'img', mediaType: 'image' }),
        message({ id: '5', role: 'assistant', content: 'Half a rep', status: 'streaming' }),
      ],
      [],
      names,
    );
    expect(snapshot.map((m) => m.content)).toEqual(['Hello', '']);
    expect(snapshot[1].imageFileId).toBe('img');
  });
});

describe('toSharedMessages and snapshotFileIds', () => {
  it('number the files in one order: each message image first, then its recording', () => {
    const snapshot = takeSnapshot(
      [
        message({ id: '1', role: 'user', content: 'Plant', audioFileId: 'rec1', transcription: 'Plant' }),
        message({
          id: '2',
          role: 'assistant',
          content: 'Here',
          mediaFileId: 'img',
          mediaType: 'image',
          audioFileId: 'tts',
        }),
        message({ id: '3', role: 'assistant', content: 'Text only' }),
      ],
      [],
      () => null,
    );
    expect(snapshotFileIds(snapshot)).toEqual(['rec1', 'img', 'tts']);
    const shared = toSharedMessages('AAAAAAAAAAAAAAAAAAAAAA', snapshot);
    expect(shared.map((m) => [m.imageUrl, m.audioUrl])).toEqual([
      [null, '/api/shares/AAAAAAAAAAAAAAAAAAAAAA/media/0'],
      ['/api/shares/AAAAAAAAAAAAAAAAAAAAAA/media/1', '/api/shares/AAAAAAAAAAAAAAAAAAAAAA/media/2'],
      [null, null],
    ]);
    expect(shared[0]).toMatchObject({ transcription: 'Plant', attachmentNames: [] });
  });
});
