import { render, screen } from '@testing-library/react';
import { ERROR_CODES } from '@kasa/contracts';
import { errorMessages, type ErrorTextKey } from './error-messages';
import { errorText, useErrorText } from './error-text';
import { formatMessage, type Language, LanguageProvider, type MessageVars } from './i18n';

const translator =
  (language: Language) =>
  (key: ErrorTextKey, vars?: MessageVars): string =>
    formatMessage(errorMessages[language][key], vars);
const en = translator('en');
const fr = translator('fr');

/**
 * The public shape of @kasa/api-client's ApiError (libs/ui does not depend on the client):
 * `message` is '{status}: {server message}', the server's words are `serverMessage`.
 */
class ApiErrorLike extends Error {
  override readonly name = 'ApiError';
  readonly code?: string;
  constructor(
    readonly status: number,
    readonly serverMessage: string,
    readonly body?: Record<string, unknown>,
    readonly retryAfterSeconds?: number,
  ) {
    super(`${status}: ${serverMessage}`);
    this.code = typeof body?.code === 'string' ? body.code : undefined;
  }
}

const apiError = (status: number, code: string | undefined, message: string, retryAfterSeconds?: number) =>
  new ApiErrorLike(status, message, { statusCode: status, code, message }, retryAfterSeconds);

describe('errorText', () => {
  it("shows the code's text: the server's words in English, French in French", () => {
    const error = apiError(404, 'CHAT_CONVERSATION_NOT_FOUND', 'Conversation not found.');
    expect(errorText(error, en)).toBe('Conversation not found.');
    expect(errorText(error, fr)).toBe('Conversation introuvable.');
  });

  it("prefers the code's text to the server's message and to the screen's fallback", () => {
    const error = apiError(409, 'AUTH_USERNAME_TAKEN', 'An older wording of the server.');
    expect(errorText(error, fr, 'Échec')).toBe(
      "Ce nom d'utilisateur est déjà pris. Veuillez en choisir un autre.",
    );
  });

  it("a code this client does not know, or no code: the server's message, else the fallback", () => {
    expect(errorText(apiError(400, 'SOMETHING_NEW', 'A brand new failure.'), fr)).toBe(
      'A brand new failure.',
    );
    const olderServer = new ApiErrorLike(400, 'Words of a server without codes.', {
      message: 'Words of a server without codes.',
    });
    expect(errorText(olderServer, fr, 'Échec')).toBe('Words of a server without codes.');
    // The status text of a body-less answer is not the server's words.
    expect(errorText(new ApiErrorLike(503, 'Service Unavailable'), fr, 'Échec du paiement')).toBe(
      'Échec du paiement',
    );
  });

  it('the usage-limit 429 body reads as its code', () => {
    const body = {
      error: 'Usage limit exceeded',
      feature: 'messagesPerMonth',
      current: 50,
      limit: 50,
      upgradeRequired: true,
      code: 'USAGE_LIMIT_EXCEEDED',
    };
    expect(errorText(new ApiErrorLike(429, body.error, body), en)).toBe('Usage limit exceeded');
    expect(errorText(new ApiErrorLike(429, body.error, body), fr)).toBe("Limite d'utilisation atteinte");
    expect(errorText(body, fr)).toBe("Limite d'utilisation atteinte");
  });

  it('a chat stream error event ({error, code}) and a stored failed reply read the same way', () => {
    const event = {
      error: 'The AI service did not answer in time.',
      code: 'AI_TIMEOUT',
      conversationId: 'c1',
    };
    expect(errorText(event, en)).toBe('The AI service did not answer in time.');
    expect(errorText(event, fr)).toBe("Le service d'IA n'a pas répondu à temps.");
    expect(errorText({ error: 'Words from before codes.' }, fr)).toBe('Words from before codes.');
  });

  it('no answer at all (network failure): the fallback, else "could not reach the server"', () => {
    const offline = new TypeError('Failed to fetch');
    expect(errorText(offline, en, 'Failed to verify username. Please try again.')).toBe(
      'Failed to verify username. Please try again.',
    );
    expect(errorText(offline, en)).toBe(
      'Could not reach the server. Check your internet connection, then try again.',
    );
    expect(errorText(offline, fr)).toBe(
      'Impossible de joindre le serveur. Vérifiez votre connexion Internet, puis réessayez.',
    );
    // Never the browser's own words, which are for developers.
    expect(errorText(new Error('Unexpected token < in JSON'), en)).toBe(
      'Something went wrong. Please try again.',
    );
    expect(errorText(undefined, fr)).toBe('Une erreur est survenue. Veuillez réessayer.');
  });

  it('fills the wait from Retry-After, worded as the server words it', () => {
    const rateLimited = (seconds: number) =>
      apiError(
        429,
        'RATE_LIMITED',
        `Too many attempts. Please wait ${seconds} seconds and try again.`,
        seconds,
      );
    expect(errorText(rateLimited(45), en)).toBe('Too many attempts. Please wait 45 seconds and try again.');
    expect(errorText(rateLimited(290), en)).toBe('Too many attempts. Please wait 5 minutes and try again.');
    expect(errorText(rateLimited(290), fr)).toBe(
      'Trop de tentatives. Veuillez patienter 5 minutes, puis réessayer.',
    );
    expect(errorText(rateLimited(45), fr)).toBe(
      'Trop de tentatives. Veuillez patienter 45 secondes, puis réessayer.',
    );
  });

  it("a value the error does not carry: the server's message (it has it); French leaves it out", () => {
    const tooLong = {
      error: 'The conversation is too long for the model "llama9". Please start a new conversation.',
      code: 'AI_CONVERSATION_TOO_LONG',
    };
    expect(errorText(tooLong, en)).toBe(tooLong.error);
    expect(errorText(tooLong, fr)).toBe(
      'La conversation est trop longue pour le modèle. Veuillez commencer une nouvelle conversation.',
    );
    // Without the header, the rate-limit wait is unknown: the server's message says it.
    const noHeader = apiError(429, 'RATE_LIMITED', 'Too many attempts. Please wait 2 minutes and try again.');
    expect(errorText(noHeader, fr)).toBe('Too many attempts. Please wait 2 minutes and try again.');
  });

  it('a set-up failure stored in older words still reads without a setting, in either language', () => {
    for (const [code, error] of [
      [
        'AI_AUTH_FAILED',
        'The AI service refused the API key. The administrator should check OPENAI_API_KEY.',
      ],
      [
        'AI_MODEL_UNKNOWN',
        'The AI service does not know the model "m". The administrator should check CHAT_MODEL.',
      ],
      [
        'AI_REQUEST_REFUSED',
        'The AI service refused the request for the model "m". The administrator should check CHAT_MODEL.',
      ],
    ]) {
      expect(errorText({ error, code }, en)).toBe(
        'The AI service is not set up correctly on this server. Please tell the administrator.',
      );
      expect(errorText({ error, code }, fr)).toBe(
        "Le service d'IA n'est pas correctement configuré sur ce serveur. Veuillez prévenir l'administrateur.",
      );
    }
  });

  it("codes whose words vary show the server's words in English, a French sentence in French", () => {
    const invalid = apiError(400, 'VALIDATION_FAILED', 'Password must be at least 6 characters long.');
    expect(errorText(invalid, en)).toBe('Password must be at least 6 characters long.');
    expect(errorText(invalid, fr)).toBe(
      'Certaines informations saisies ne sont pas valides. Vérifiez-les, puis réessayez.',
    );
  });

  it("never shows a proxy's text or HTML page: only a JSON body holds the server's words", () => {
    const page = new ApiErrorLike(502, '<html><body>502 Bad Gateway</body></html>');
    expect(errorText(page, en, 'Failed to load.')).toBe('Failed to load.');
    expect(errorText(new ApiErrorLike(502, 'upstream down'), en)).toBe(
      'Something went wrong. Please try again.',
    );
  });

  it('has a text in both languages for every error code', () => {
    for (const code of ERROR_CODES) {
      expect(errorMessages.en[code]).toMatch(/\S/);
      expect(errorMessages.fr[code]).toMatch(/\S/);
    }
  });
});

describe('useErrorText', () => {
  function Failure({ error }: { error: unknown }) {
    const text = useErrorText(error);
    return <p data-testid="failure">{text(error, 'Fallback')}</p>;
  }

  it("says the server's words until the texts arrive, then renders again in the current language", async () => {
    const error = apiError(503, 'CHAT_SERVER_RESTARTING', 'The server is restarting.');
    const { unmount } = render(
      <LanguageProvider initialLanguage="fr">
        <Failure error={error} />
      </LanguageProvider>,
    );
    // The catalog is a chunk of its own: the first render has only what the error carries.
    expect(screen.getByTestId('failure')).toHaveTextContent('The server is restarting.');
    expect(
      await screen.findByText('Le serveur redémarre. Veuillez renvoyer votre message dans un instant.'),
    ).toBeInTheDocument();
    unmount();
    render(<Failure error={error} />);
    expect(screen.getByTestId('failure')).toHaveTextContent(
      'The server is restarting. Please send your message again in a moment.',
    );
  });
});
