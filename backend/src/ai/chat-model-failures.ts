import type { ReadableFailure } from './chat-model.port';

/**
 * The sentence every user reads when the provider refuses this server's own set-up (its key, its
 * model): no setting is named (docs/product.md#features-this-server-cannot-run); which one to check
 * goes to the log, with ChatModelError's `configure`.
 */
export const NOT_SET_UP_CORRECTLY =
  'The AI service is not set up correctly on this server. Please tell the administrator.';

/**
 * What users read in the chat when the model's engine fails (ChatModelError's message and code),
 * whichever engine it is: an OpenAI-compatible server or the local model.
 */
export const PROVIDER_FAILURES = {
  busy: { code: 'AI_BUSY', message: 'The AI service is busy right now. Please try again in a minute.' },
  unreachable: { code: 'AI_UNAVAILABLE', message: 'The AI service could not be reached.' },
  timeout: { code: 'AI_TIMEOUT', message: 'The AI service did not answer in time.' },
  apiKey: { code: 'AI_AUTH_FAILED', message: NOT_SET_UP_CORRECTLY },
  unknownModel: { code: 'AI_MODEL_UNKNOWN', message: NOT_SET_UP_CORRECTLY },
  refused: { code: 'AI_REQUEST_REFUSED', message: NOT_SET_UP_CORRECTLY },
  tooLong: (model: string) => ({
    code: 'AI_CONVERSATION_TOO_LONG',
    message: `The conversation is too long for the model "${model}". Please start a new conversation.`,
  }),
  failed: { code: 'AI_FAILED', message: 'The AI service failed while answering. Please try again.' },
  unreadable: {
    code: 'AI_UNREADABLE_ANSWER',
    message: 'The AI service sent an answer that could not be read.',
  },
  stoppedMidReply: {
    code: 'AI_STOPPED_MID_REPLY',
    message: 'The AI service stopped in the middle of the reply. Please try again.',
  },
} satisfies Record<string, ReadableFailure | ((model: string) => ReadableFailure)>;
