import { type ShownMessageRow, toShownMessage, toShownPath } from './message.rows';

const at = new Date('2031-03-10T08:00:00.000Z');

function row(id: string | null, fields: Partial<ShownMessageRow> = {}): ShownMessageRow {
  return {
    id,
    conversation_id: 'c1',
    user_id: 'u1',
    role: 'assistant',
    content: 'Plant after the rains.',
    status: 'complete',
    error: null,
    error_code: null,
    media_file_id: null,
    media_type: null,
    audio_file_id: null,
    transcription: null,
    transcription_language: null,
    stop_requested: false,
    parent_id: 'q1',
    model: 'fake-model',
    created_at: at,
    updated_at: at,
    version_ids: id ? [id] : null,
    ...fields,
  };
}

describe('toShownMessage', () => {
  it('maps the columns, with the parent and the model', () => {
    expect(toShownMessage({ ...row('a1'), id: 'a1' })).toEqual({
      id: 'a1',
      conversationId: 'c1',
      userId: 'u1',
      role: 'assistant',
      content: 'Plant after the rains.',
      status: 'complete',
      error: null,
      errorCode: null,
      mediaFileId: null,
      mediaType: null,
      audioFileId: null,
      transcription: null,
      transcriptionLanguage: null,
      stopRequested: false,
      parentId: 'q1',
      model: 'fake-model',
      createdAt: at,
      updatedAt: at,
      versionIds: [],
    });
  });

  it('lists the versions only when there is more than one, in the order selected', () => {
    expect(toShownMessage({ ...row('a2', { version_ids: ['a1', 'a2'] }), id: 'a2' }).versionIds).toEqual([
      'a1',
      'a2',
    ]);
    expect(toShownMessage({ ...row('a1', { version_ids: ['a1'] }), id: 'a1' }).versionIds).toEqual([]);
  });

  it("maps a spoken message's recording, transcription and its language", () => {
    const spoken = row('q1', {
      role: 'user',
      audio_file_id: 'f1',
      transcription: 'Bonjour',
      transcription_language: 'fr',
    });
    expect(toShownMessage({ ...spoken, id: 'q1' })).toMatchObject({
      audioFileId: 'f1',
      transcription: 'Bonjour',
      transcriptionLanguage: 'fr',
    });
  });
});

describe('toShownPath', () => {
  it("no row: the conversation is not the user's (null); one row of nulls: it has no message ([])", () => {
    expect(toShownPath([])).toBeNull();
    expect(toShownPath([row(null)])).toEqual([]);
  });

  it('keeps the order of the rows (root first)', () => {
    expect(toShownPath([row('q1', { role: 'user', parent_id: null }), row('a1')])?.map((m) => m.id)).toEqual([
      'q1',
      'a1',
    ]);
  });
});
