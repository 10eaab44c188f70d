import { CHAT_MESSAGE_MAX_LENGTH } from '@kasa/contracts';
import { createValidationPipe } from '../../../common/validation.pipe';
import {
  CONFIRM_INVALID,
  LANGUAGE_INVALID,
  PARENT_ID_INVALID,
  RECORDING_ID_INVALID,
  TURN_MESSAGE_REQUIRED,
  TURN_MESSAGE_TOO_LONG,
  VoiceTurnFieldsDto,
} from './voice-turn-fields.dto';

const RECORDING = '6f9619ff-8b86-4011-b42d-00cf4fc964ff';

function validate(fields: Record<string, unknown>) {
  return createValidationPipe().transform(fields, { type: 'body', metatype: VoiceTurnFieldsDto });
}

async function firstProblem(fields: Record<string, unknown>): Promise<string | null> {
  return validate(fields)
    .then(() => null)
    .catch((error: { getResponse(): { message: string } }) => error.getResponse().message);
}

describe('VoiceTurnFieldsDto (the multipart fields of POST /api/voice/turns)', () => {
  it('takes every field as the form sends it, the message trimmed', async () => {
    expect(
      await validate({
        recordingId: RECORDING,
        message: '  Go forward twelve meters.  ',
        language: 'sw',
        confirm: 'false',
        conversationId: RECORDING,
        parentMessageId: RECORDING,
        model: 'large',
      }),
    ).toMatchObject({ message: 'Go forward twelve meters.', language: 'sw', confirm: 'false' });
    expect(await validate({})).toEqual({});
  });

  it.each([
    [{ language: 'xx' }, LANGUAGE_INVALID],
    [{ language: 'EN' }, LANGUAGE_INVALID],
    [{ confirm: 'yes' }, CONFIRM_INVALID],
    [{ recordingId: 'not-a-uuid' }, RECORDING_ID_INVALID],
    [{ parentMessageId: 'parent' }, PARENT_ID_INVALID],
    [{ message: '   ' }, TURN_MESSAGE_REQUIRED],
    [{ message: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1) }, TURN_MESSAGE_TOO_LONG],
  ])('%j is refused: %s', async (fields, problem) => {
    expect(await firstProblem(fields)).toBe(problem);
  });

  it('refuses a field it does not know', async () => {
    expect(await firstProblem({ systemPrompt: 'Be brief.' })).toMatch(/systemPrompt should not exist/);
  });
});
