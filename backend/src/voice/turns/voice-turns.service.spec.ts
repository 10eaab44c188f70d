import type { SpeechToText } from '../../ai/transcription/transcription.port';
import type { ChatService } from '../../chat';
import type { ReceivedFile } from '../../common/multipart-file';
import { NotConfiguredException } from '../../common/api-exception';
import type { FilesService } from '../../files';
import type { IdempotentRequestsService } from '../../idempotent-requests';
import type { QueueService } from '../../queue';
import type { UsageService } from '../../usage';
import type { User } from '../../users';
import { TURN_AUDIO_AND_RECORDING, TURN_MESSAGE_NEEDS_RECORDING } from './dto/voice-turn-fields.dto';
import { CONFIRM_WITH_MESSAGE, VoiceTurnsService } from './voice-turns.service';

const RECORDING = '6f9619ff-8b86-4011-b42d-00cf4fc964ff';
const user = { id: 'u1' } as User;

/** Bytes that are not audio: refused by their first bytes, before ffmpeg or anything else runs. */
const textUpload: ReceivedFile = { path: '/nonexistent', head: Buffer.from('plain text'), size: 10 };

/**
 * The checks a voice turn makes before its idempotent run (nothing stored, charged or sent):
 * every collaborator throws if it is reached.
 */
function service(stt: Partial<SpeechToText> = {}): VoiceTurnsService {
  const untouchable = new Proxy(
    {},
    {
      get: (_target, name) => () => {
        throw new Error(`${String(name)} was called before the turn's checks passed`);
      },
    },
  );
  return new VoiceTurnsService(
    untouchable as QueueService,
    untouchable as UsageService,
    untouchable as FilesService,
    untouchable as ChatService,
    untouchable as IdempotentRequestsService,
    {
      engine: 'pocketsphinx',
      unavailableReason: undefined,
      languages: ['en'],
      detectsLanguage: false,
      ...stt,
    } as SpeechToText,
  );
}

async function codeOf(promise: Promise<unknown>): Promise<{ code: string; message: string; status: number }> {
  const error = (await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  )) as { getStatus(): number; getResponse(): { code: string; message: string } };
  return { ...error.getResponse(), status: error.getStatus() };
}

describe('VoiceTurnsService: what a turn refuses before anything is charged', () => {
  it('neither audio nor recordingId: 400 VOICE_AUDIO_MISSING', async () => {
    expect(await codeOf(service().turn(user, { fields: {} }))).toMatchObject({
      status: 400,
      code: 'VOICE_AUDIO_MISSING',
    });
  });

  it.each([
    [{ message: 'Hello' }, undefined, TURN_MESSAGE_NEEDS_RECORDING],
    [{ recordingId: RECORDING, message: 'Hello', confirm: 'true' as const }, undefined, CONFIRM_WITH_MESSAGE],
    [{ recordingId: RECORDING }, textUpload, TURN_AUDIO_AND_RECORDING],
  ])('fields %j that do not go together: 400 VALIDATION_FAILED', async (fields, audio, message) => {
    expect(await codeOf(service().turn(user, { fields, audio }))).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message,
    });
  });

  it('an empty recording, then bytes that are not audio: 400 (not 415 as /api/voice/transcribe)', async () => {
    expect(
      await codeOf(service().turn(user, { fields: {}, audio: { ...textUpload, size: 0 } })),
    ).toMatchObject({
      status: 400,
      code: 'VOICE_RECORDING_EMPTY',
    });
    expect(await codeOf(service().turn(user, { fields: {}, audio: textUpload }))).toMatchObject({
      status: 400,
      code: 'VOICE_NOT_AUDIO',
    });
  });

  it('no engine, or a language it cannot hear, before the chat is asked anything', async () => {
    const stored = { recordingId: RECORDING };
    const unavailable = service({ unavailableReason: 'Install pocketsphinx.' }).turn(user, {
      fields: stored,
    });
    const refusal = await unavailable.then(
      () => undefined,
      (failure: unknown) => failure,
    );
    // The user reads that it is not available; what to install is for administrators only.
    expect(refusal).toBeInstanceOf(NotConfiguredException);
    expect(refusal).toMatchObject({ configure: 'Install pocketsphinx.' });
    expect(await codeOf(Promise.reject(refusal))).toMatchObject({
      status: 503,
      code: 'STT_UNAVAILABLE',
      message: 'Transcription is not available on this server.',
    });
    expect(await codeOf(service().turn(user, { fields: { ...stored, language: 'fr' } }))).toMatchObject({
      status: 400,
      code: 'VOICE_LANGUAGE_UNSUPPORTED',
    });
  });
});
