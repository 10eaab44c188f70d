import { toMessageVersion, toRegenerationTarget } from './message-versions.rows';

const at = new Date('2031-03-10T08:00:00.000Z');

describe('toMessageVersion', () => {
  it('maps a version with its date as ISO text and a missing model as null', () => {
    expect(
      toMessageVersion({
        id: 'a1',
        role: 'assistant',
        status: 'failed',
        preview: 'Plant',
        model: null,
        created_at: at,
        shown: true,
      }),
    ).toEqual({
      id: 'a1',
      role: 'assistant',
      status: 'failed',
      preview: 'Plant',
      model: null,
      createdAt: '2031-03-10T08:00:00.000Z',
      shown: true,
    });
  });
});

describe('toRegenerationTarget', () => {
  it('maps the reply with its question, or no question when its parent is not a user message', () => {
    const base = {
      id: 'a1',
      conversation_id: 'c1',
      role: 'assistant' as const,
      status: 'complete' as const,
      media_file_id: null,
      conversation_model: 'big-model',
    };
    expect(toRegenerationTarget({ ...base, question_id: 'q1', question_text: 'When?' })).toEqual({
      replyId: 'a1',
      conversationId: 'c1',
      role: 'assistant',
      status: 'complete',
      writtenByChat: true,
      questionId: 'q1',
      questionText: 'When?',
      conversationModel: 'big-model',
    });
    expect(toRegenerationTarget({ ...base, question_id: null, question_text: null })).toMatchObject({
      questionId: null,
      questionText: '',
    });
    expect(
      toRegenerationTarget({ ...base, media_file_id: 'f1', question_id: 'q1', question_text: 'Draw a goat' }),
    ).toMatchObject({ writtenByChat: false });
  });
});
