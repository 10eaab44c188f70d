import { toAttachmentRef, toConversation, toMessageAttachment, toSearchHit } from './conversation.rows';

const at = new Date('2031-03-10T08:00:00.000Z');
const later = new Date('2031-03-10T09:30:00.000Z');

describe('conversation row mappers', () => {
  it('toConversation maps the columns to camel case and keeps the generating flag', () => {
    expect(
      toConversation({
        id: 'c1',
        title: 'Maize',
        created_at: at,
        updated_at: later,
        generating: true,
        model: 'gpt-large',
      }),
    ).toEqual({
      id: 'c1',
      title: 'Maize',
      createdAt: at,
      updatedAt: later,
      generating: true,
      model: 'gpt-large',
    });
  });

  it('toMessageAttachment keeps a file id, and a missing one is null', () => {
    const row = {
      message_id: 'm1',
      type: 'upload' as const,
      ref_id: 'u1',
      name: 'notes.pdf',
      mime_type: 'application/pdf',
      file_id: 'f1',
    };
    expect(toMessageAttachment(row)).toEqual({
      messageId: 'm1',
      type: 'upload',
      refId: 'u1',
      name: 'notes.pdf',
      mimeType: 'application/pdf',
      fileId: 'f1',
    });
    expect(toMessageAttachment({ ...row, type: 'canvas', file_id: null })).toMatchObject({
      type: 'canvas',
      fileId: null,
    });
  });

  it('toAttachmentRef answers the {type, id} a feature deletes with the conversation', () => {
    expect(toAttachmentRef({ type: 'canvas', ref_id: 'k1' })).toEqual({ type: 'canvas', id: 'k1' });
  });

  it('toSearchHit names the message id, trims the headline and keeps the rank', () => {
    expect(
      toSearchHit({
        id: 'm1',
        conversation_id: 'c1',
        title: 'Maize',
        role: 'assistant',
        snippet: ' Plant «maize» after the rains ',
        created_at: at,
        rank: 0.0607927,
      }),
    ).toEqual({
      conversationId: 'c1',
      title: 'Maize',
      messageId: 'm1',
      role: 'assistant',
      snippet: 'Plant «maize» after the rains',
      createdAt: at,
      rank: 0.0607927,
    });
  });
});
