import { type FollowUpTargetRow, toFollowUpTarget, toStoredFollowUps } from './follow-ups.rows';

const row: FollowUpTargetRow = {
  id: 'a1',
  role: 'assistant',
  status: 'complete',
  content: 'Plant in March.',
  model: 'gpt-small',
  follow_ups: null,
  conversation_title: 'Maize',
  question_id: 'u1',
  question_content: 'When do I plant maize?',
};

describe('toFollowUpTarget', () => {
  it('maps the reply with its question and conversation title', () => {
    expect(toFollowUpTarget(row)).toEqual({
      id: 'a1',
      role: 'assistant',
      status: 'complete',
      content: 'Plant in March.',
      model: 'gpt-small',
      followUps: null,
      conversationTitle: 'Maize',
      question: { id: 'u1', content: 'When do I plant maize?' },
    });
  });

  it('has no question when the reply has no user message above it, and keeps stored suggestions', () => {
    expect(
      toFollowUpTarget({ ...row, question_id: null, question_content: null, follow_ups: ['Why?'] }),
    ).toMatchObject({ question: null, followUps: ['Why?'] });
  });
});

describe('toStoredFollowUps', () => {
  it('an array of strings, [] included, is what was stored', () => {
    expect(toStoredFollowUps([])).toEqual([]);
    expect(toStoredFollowUps(['A?', 'B?'])).toEqual(['A?', 'B?']);
  });

  it('NULL or any other shape is "not made yet"', () => {
    expect(toStoredFollowUps(null)).toBeNull();
    expect(toStoredFollowUps(undefined)).toBeNull();
    expect(toStoredFollowUps('A?')).toBeNull();
    expect(toStoredFollowUps([1, 'A?'])).toBeNull();
    expect(toStoredFollowUps({ followUps: [] })).toBeNull();
  });
});
