import type { Conversation, MessageAttachment } from '../conversations/conversation.rows';
import type { ChatMessageEntity } from '../entities/chat-message.entity';
import { exportedConversation, toJsonExport } from './conversation-export';

const at = new Date('2026-11-28T09:30:00.000Z');
const conversation: Conversation = {
  id: 'c1',
  title: 'Maize',
  createdAt: at,
  updatedAt: at,
  generating: false,
};

function message(
  fields: Record<string, unknown> & { id: string; role: 'user' | 'assistant' },
): ChatMessageEntity {
  return {
    conversationId: 'c1',
    userId: 'u1',
    content: 'text',
    status: 'complete',
    error: 'secret error detail',
    errorCode: null,
    mediaFileId: null,
    mediaType: null,
    audioFileId: null,
    transcription: null,
    stopRequested: false,
    createdAt: at,
    updatedAt: at,
    parentId: null,
    model: null,
    ...fields,
  } as ChatMessageEntity;
}

const attachment: MessageAttachment = {
  messageId: 'q',
  type: 'upload',
  refId: 'upload-id',
  name: 'soil.pdf',
  mimeType: 'application/pdf',
  fileId: 'file-id',
};

describe('exportedConversation and toJsonExport', () => {
  const exported = exportedConversation(
    conversation,
    [
      message({ id: 'q', role: 'user', model: 'ignored-on-user-messages' }),
      message({
        id: 'a',
        role: 'assistant',
        parentId: 'q',
        model: 'llama3.2:3b',
        mediaFileId: 'img',
        mediaType: 'image',
        audioFileId: 'tts',
      }),
    ],
    [attachment],
    (id) => (id === 'llama3.2:3b' ? 'Fast' : null),
    new Date('2026-11-29T00:00:00.000Z'),
  );

  it('keeps who wrote each reply and what it carried', () => {
    expect(exported.messages[0]).toMatchObject({ model: null, modelName: null, hasRecording: false });
    expect(exported.messages[1]).toMatchObject({
      parentId: 'q',
      model: 'llama3.2:3b',
      modelName: 'Fast',
      mediaType: 'image',
      hasRecording: true,
    });
  });

  it("answers exactly the contract's fields: no file ids, links, errors or owner", () => {
    const json = toJsonExport(exported);
    expect(json).toEqual({
      id: 'c1',
      title: 'Maize',
      createdAt: at.toISOString(),
      exportedAt: '2026-11-29T00:00:00.000Z',
      messages: [
        {
          id: 'q',
          parentId: null,
          role: 'user',
          content: 'text',
          status: 'complete',
          model: null,
          createdAt: at.toISOString(),
          attachments: [{ name: 'soil.pdf', mimeType: 'application/pdf' }],
          mediaType: null,
          transcription: null,
        },
        {
          id: 'a',
          parentId: 'q',
          role: 'assistant',
          content: 'text',
          status: 'complete',
          model: 'llama3.2:3b',
          createdAt: at.toISOString(),
          attachments: [],
          mediaType: 'image',
          transcription: null,
        },
      ],
    });
    expect(JSON.stringify(json)).not.toMatch(/u1|img|tts|file-id|upload-id|secret/);
  });
});
