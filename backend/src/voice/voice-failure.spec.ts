import { HttpException } from '@nestjs/common';
import { VoiceEngineError } from '../ai/audio/voice-engine.error';
import { ChatModelError } from '../ai/chat-model.port';
import { NotConfiguredException } from '../common/api-exception';
import { voiceFailure } from './voice-failure';

const answer = (error: unknown) => {
  const http = error as HttpException;
  return { status: http.getStatus(), body: http.getResponse() };
};

describe('voiceFailure', () => {
  it('answers a missing engine with 503 STT_UNAVAILABLE, its reason for administrators only', () => {
    const failure = voiceFailure(new VoiceEngineError('STT_UNAVAILABLE', 'install pocketsphinx'));
    expect(answer(failure)).toEqual({
      status: 503,
      body: { code: 'STT_UNAVAILABLE', message: 'Transcription is not available on this server.' },
    });
    expect(failure).toBeInstanceOf(NotConfiguredException);
    expect((failure as NotConfiguredException).configure).toBe('install pocketsphinx');
  });

  it('answers unreadable audio with 422 and a broken engine with 502', () => {
    expect(answer(voiceFailure(new VoiceEngineError('VOICE_AUDIO_UNREADABLE', 'x'))).status).toBe(422);
    expect(answer(voiceFailure(new VoiceEngineError('VOICE_ENGINE_FAILED', 'x'))).status).toBe(502);
  });

  it("makes a provider's refusal final and leaves its busy moments to the job's retries", () => {
    const refused = new ChatModelError({ code: 'AI_AUTH_FAILED', message: 'bad key' }, 'unauthorized', 401);
    expect(answer(voiceFailure(refused))).toEqual({
      status: 502,
      body: { code: 'AI_AUTH_FAILED', message: 'bad key' },
    });
    const busy = new ChatModelError({ code: 'AI_UNAVAILABLE', message: 'down' }, 'unavailable', 503);
    expect(voiceFailure(busy)).toBe(busy);
  });
});
