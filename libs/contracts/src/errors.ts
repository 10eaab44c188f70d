/**
 * Stable machine-readable error codes. Every API error body carries one (`code`), and every chat
 * stream error event too; the UI turns a code into English or French text (`errorText` in
 * @kasa/ui) and shows the server's own `message` only for a code it does not know.
 *
 * Codes are part of the API: add new ones, never rename or reuse one.
 */
export const ERROR_CODES = [
  // Generic, by HTTP status (used when a failure has no more precise code).
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'BODY_TOO_LARGE',
  'BODY_MALFORMED',
  /** Nested too deeply or too many fields (the limits in backend/src/common/input-shape.ts). */
  'BODY_TOO_COMPLEX',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'RATE_LIMITED',
  'USAGE_LIMIT_EXCEEDED',
  /** One account running too many heavy requests or holding too many streams at once (backend/src/concurrency-limits/). */
  'TOO_MANY_CONCURRENT_REQUESTS',
  'REQUEST_TIMEOUT',
  'INTERNAL_ERROR',
  'BAD_GATEWAY',
  'SERVICE_UNAVAILABLE',
  // Accounts and sessions.
  'AUTH_INVALID_CREDENTIALS',
  'AUTH_NOT_SIGNED_IN',
  'AUTH_SESSION_ENDED',
  'AUTH_USERNAME_TAKEN',
  'AUTH_USERNAME_NOT_FOUND',
  'AUTH_WRONG_CURRENT_PASSWORD',
  'AUTH_RESET_UNAVAILABLE',
  'AUTH_RESET_CODE_EXPIRED',
  'AUTH_RESET_CODE_WRONG',
  'AUTH_RESET_CODE_LOCKED',
  'AUTH_ADMIN_ONLY',
  // Chat.
  'CHAT_CONVERSATION_NOT_FOUND',
  'CHAT_SERVER_RESTARTING',
  'CHAT_REPLY_FAILED',
  'CHAT_REPLY_INTERRUPTED',
  'CHAT_REPLY_NOT_SAVED',
  'CHAT_MESSAGE_NOT_FOUND',
  'CHAT_IDEMPOTENCY_KEY_REUSED',
  // Versions, models and shares: a reply still being written cannot be regenerated; the message
  // is not an assistant reply; the plan may not use the model; no such model is configured; a
  // shared link that does not exist or was revoked.
  'CHAT_REPLY_STILL_WRITING',
  'CHAT_MESSAGE_NOT_REPLY',
  'CHAT_MODEL_NOT_ALLOWED',
  'CHAT_MODEL_UNKNOWN',
  'SHARE_NOT_FOUND',
  // Queued media and voice requests (Idempotency-Key on /api/media/generate, /api/voice/transcribe).
  'IDEMPOTENCY_KEY_REUSED',
  'REQUEST_IN_PROGRESS',
  'AI_BUSY',
  'AI_UNAVAILABLE',
  'AI_MODEL_UNKNOWN',
  'AI_AUTH_FAILED',
  'AI_TIMEOUT',
  'AI_REQUEST_REFUSED',
  'AI_CONVERSATION_TOO_LONG',
  'AI_FAILED',
  'AI_UNREADABLE_ANSWER',
  'AI_STOPPED_MID_REPLY',
  // Image engine: the provider's safety system refused the prompt.
  'AI_PROMPT_REFUSED',
  // Media generation (POST /api/media/generate): video has no engine yet.
  'MEDIA_VIDEO_UNAVAILABLE',
  // Offline illustrations: no noun of the prompt has a faithful icon (nothing is charged).
  'IMAGE_PROMPT_NOT_ILLUSTRATABLE',
  // Speech engines (text-to-speech, speech-to-text).
  'STT_UNAVAILABLE',
  'VOICE_AUDIO_UNREADABLE',
  'VOICE_ENGINE_FAILED',
  // Voice uploads (POST /api/voice/transcribe): no audio file, not audio by its bytes, too large.
  'VOICE_AUDIO_MISSING',
  'VOICE_NOT_AUDIO',
  'VOICE_AUDIO_TOO_LARGE',
  // Voice turns (POST /api/voice/turns): an empty recording, a language the engine here cannot
  // transcribe, a recording with no words heard, a recordingId that is not the user's.
  'VOICE_RECORDING_EMPTY',
  'VOICE_LANGUAGE_UNSUPPORTED',
  'VOICE_NOTHING_HEARD',
  'VOICE_RECORDING_NOT_FOUND',
  // Background jobs run for a request (backend/src/queue): no worker took it, it outlived the
  // wait, or it failed after its retries; or its result could not be stored (disk full, 507:
  // not retried, nothing charged).
  'JOB_NO_WORKER',
  'JOB_TIMEOUT',
  'JOB_FAILED',
  'STORAGE_FULL',
  // Legal pages and cookie preferences.
  'LEGAL_PAGE_NOT_FOUND',
  // Stored files (images, speech, recordings) served by signed links.
  'FILES_LINK_EXPIRED',
  'FILES_LINK_INVALID',
  'FILES_NOT_FOUND',
  'FILES_RANGE_NOT_SATISFIABLE',
  'FILES_NO_THUMBNAIL',
  // Every thumbnail slot of the process is busy (503 with Retry-After): the original still opens.
  'FILES_THUMBNAIL_BUSY',
  // A signed file or export link issued before its owner signed out everywhere or changed the password.
  'FILES_LINK_REVOKED',
  // Billing.
  'BILLING_NO_CARD_SUBSCRIPTION',
  'BILLING_ALREADY_CANCELLED',
  'BILLING_PROVIDER_NOT_CONFIGURED',
  'BILLING_PROVIDER_BUSY',
  'BILLING_PROVIDER_UNREACHABLE',
  'BILLING_PROVIDER_REFUSED',
  'BILLING_NETWORK_UNSUPPORTED',
  'BILLING_WEBHOOK_INVALID',
  'BILLING_CHECKOUT_NOT_FOUND',
  // No longer sent (numbers are read with MOBILE_MONEY_COUNTRY_CODE): kept, as every code is.
  'BILLING_PHONE_NOT_CAMEROON',
  // No mobile number of the payment country, however it is typed (libs/contracts readMobileNumber).
  'BILLING_PHONE_INVALID',
  'BILLING_MOBILE_MONEY_UNREACHABLE',
  'BILLING_MOBILE_MONEY_UNAVAILABLE',
  'BILLING_MOBILE_MONEY_REFUSED',
  'BILLING_STRIPE_NOT_CONFIGURED',
  'BILLING_FLUTTERWAVE_NOT_CONFIGURED',
  'BILLING_WEBHOOK_SIGNATURE_INVALID',
  'BILLING_WEBHOOK_HASH_INVALID',
  'BILLING_WEBHOOK_VERIFICATION_UNAVAILABLE',
  // Chat attachments (POST /api/chat `attachments`): one is not the user's, unknown, or its feature is off.
  'CHAT_ATTACHMENT_NOT_FOUND',
  // File uploads (POST /api/enhancements/upload): no file, not an allowed type by its bytes, too
  // large, not the user's; and why an upload's text could not be read (its extraction's code):
  // no OCR here, unreadable, or past a limit of the reading (pixels, inflated size, memory, time).
  'UPLOAD_FILE_MISSING',
  'UPLOAD_TYPE_NOT_ALLOWED',
  'UPLOAD_TOO_LARGE',
  'UPLOAD_NOT_FOUND',
  'UPLOAD_OCR_UNAVAILABLE',
  'UPLOAD_EXTRACTION_FAILED',
  'UPLOAD_EXTRACTION_LIMIT',
  // Web search and research (POST /api/enhancements/search, /research): every configured search
  // provider failed; a research could not be completed; a research progress id that is not the user's.
  'SEARCH_PROVIDERS_FAILED',
  'RESEARCH_FAILED',
  'RESEARCH_NOT_FOUND',
  // Canvas (/api/enhancements/canvas): not the user's; the image is not a PNG data URL; the PNG's
  // size is not the stated width x height.
  'CANVAS_NOT_FOUND',
  'CANVAS_IMAGE_INVALID',
  'CANVAS_SIZE_MISMATCH',
  // Google Drive import (/api/enhancements/google-drive): no OAuth client configured; no grant
  // stored yet; the grant was revoked; the file is gone or of a kind that cannot be imported;
  // Google could not be reached or answered with an error. Too large is UPLOAD_TOO_LARGE.
  'DRIVE_NOT_CONFIGURED',
  'DRIVE_NOT_CONNECTED',
  'DRIVE_ACCESS_REVOKED',
  'DRIVE_FILE_NOT_FOUND',
  'DRIVE_FILE_UNSUPPORTED',
  'DRIVE_UNREACHABLE',
  'DRIVE_FAILED',
  // The language tool (/api/enhancements/language-tool): a language code it does not list; the
  // same language on both sides of a translation; the dictionary data (LEXICON_DIR) cannot be
  // read; an entry id that does not exist; a word the speech engine cannot say.
  'LANGUAGE_TOOL_UNKNOWN_LANGUAGE',
  'LANGUAGE_TOOL_SAME_LANGUAGE',
  'DICTIONARY_DATA_MISSING',
  'DICTIONARY_ENTRY_NOT_FOUND',
  'DICTIONARY_AUDIO_UNAVAILABLE',
  // Two-factor sign-in (/api/auth/two-factor, /api/auth/login/two-factor): the code is wrong or
  // already used; the sign-in challenge expired; 2FA is already on / not on; no setup pending;
  // a code is needed (account deletion with 2FA on).
  'AUTH_TWO_FACTOR_CODE_WRONG',
  'AUTH_TWO_FACTOR_CHALLENGE_EXPIRED',
  'AUTH_TWO_FACTOR_ALREADY_ENABLED',
  'AUTH_TWO_FACTOR_NOT_ENABLED',
  'AUTH_TWO_FACTOR_SETUP_MISSING',
  'AUTH_TWO_FACTOR_CODE_REQUIRED',
  // Too many wrong codes for one account, from any address: the second factor is locked until the
  // wait ends or the owner follows the e-mailed unlock link (429 with Retry-After).
  'AUTH_TWO_FACTOR_LOCKED',
  // Changing the account's e-mail address needs the current password (PUT /api/auth/profile).
  'AUTH_CURRENT_PASSWORD_REQUIRED',
  // The account page (/api/account): an export id that is not the user's; an export whose link
  // or ZIP has expired; an export that failed; the card subscription could not be cancelled, so
  // the account was not deleted.
  'ACCOUNT_EXPORT_NOT_FOUND',
  'ACCOUNT_EXPORT_EXPIRED',
  'ACCOUNT_EXPORT_FAILED',
  'ACCOUNT_DELETE_BILLING_FAILED',
  // The forecast (/api/weather/forecast): the place is not known to the weather service's
  // gazetteer; the weather service cannot be reached, or answered an error or nonsense.
  'WEATHER_PLACE_NOT_FOUND',
  'WEATHER_UNAVAILABLE',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** The code of a failure that has no more precise one, by HTTP status. */
export function errorCodeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 408:
      return 'REQUEST_TIMEOUT';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'BODY_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    case 502:
      return 'BAD_GATEWAY';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST';
  }
}

/** The one JSON body every failed API request answers with (the usage-limit 429 keeps its own shape plus `code`). */
export interface ApiErrorBody {
  statusCode: number;
  /** Short name of the HTTP status, e.g. 'Bad Request'. */
  error: string;
  /** Stable machine-readable code: what the UI translates. */
  code: ErrorCode;
  /** Human-readable English message; the UI's fallback when it does not know the code. */
  message: string;
  /** A few field-level validation messages, when the request body or query was invalid. */
  details?: string[];
  /**
   * A feature this server cannot run (a `*_NOT_CONFIGURED` code): what the operator must set,
   * naming the variables. Sent only to administrators (ADMIN_USERNAMES); users read `message`.
   */
  configure?: string;
  path: string;
  requestId: string;
  timestamp: string;
}
