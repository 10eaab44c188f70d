import { ApiException } from '../common/api-exception';
import {
  parseSpeechLanguageHint,
  SPEECH_LANGUAGE_INVALID,
  speechLanguageFor,
  speechLanguageName,
} from './speech-language';

const offline = { languages: ['en'] as const, detectsLanguage: false };
const server = { languages: null, detectsLanguage: true };

function refusal(run: () => unknown): { status: number; body: unknown } {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiException) return { status: error.getStatus(), body: error.getResponse() };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('speechLanguageFor', () => {
  it('lets an engine that detects the language do so for auto or no hint', () => {
    expect(speechLanguageFor(server, undefined)).toBeUndefined();
    expect(speechLanguageFor(server, 'auto')).toBeUndefined();
  });

  it('sends any language to an engine that knows them all', () => {
    expect(speechLanguageFor(server, 'sw')).toBe('sw');
    expect(speechLanguageFor(server, 'fr')).toBe('fr');
  });

  it('means its only language by auto on an engine that detects nothing', () => {
    expect(speechLanguageFor(offline, undefined)).toBe('en');
    expect(speechLanguageFor(offline, 'auto')).toBe('en');
    expect(speechLanguageFor(offline, 'en')).toBe('en');
  });

  it('refuses a language the engine cannot hear with 400 VOICE_LANGUAGE_UNSUPPORTED naming both', () => {
    const { status, body } = refusal(() => speechLanguageFor(offline, 'fr'));
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'VOICE_LANGUAGE_UNSUPPORTED' });
    expect((body as { message: string }).message).toContain('Français');
    expect((body as { message: string }).message).toContain('English only');
  });
});

describe('speechLanguageName', () => {
  it("gives a language's own name, or the code when it is not listed", () => {
    expect(speechLanguageName('sw')).toBe('Kiswahili');
    expect(speechLanguageName('xx')).toBe('xx');
  });
});

describe('parseSpeechLanguageHint', () => {
  it('takes every hint (trimmed) and leaves a missing field undefined', () => {
    expect(parseSpeechLanguageHint(undefined)).toBeUndefined();
    expect(parseSpeechLanguageHint('auto')).toBe('auto');
    expect(parseSpeechLanguageHint(' ha ')).toBe('ha');
  });

  it.each(['', 'EN', 'xx', 'english', 'fr-FR'])('refuses %p with 400 VALIDATION_FAILED', (value) => {
    expect(refusal(() => parseSpeechLanguageHint(value))).toEqual({
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: SPEECH_LANGUAGE_INVALID,
        details: [SPEECH_LANGUAGE_INVALID],
      },
    });
  });
});
