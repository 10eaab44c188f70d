/** The language tool's errors (docs/architecture.md#errors): each code's text and the exception that carries it. */
import { HttpStatus } from '@nestjs/common';
import type { DictionarySourceKind, ErrorCode } from '@kasa/contracts';
import { ApiException, NotConfiguredException } from '../common/api-exception';

export const SAME_LANGUAGE_MESSAGE = 'Source and target languages must be different';

export const DICTIONARY_DATA_MISSING_MESSAGE = 'The dictionary data is not available on this server.';

/**
 * 503: the lexicon's files (LEXICON_DIR) cannot be read; `reason` names what is missing, for
 * administrators only (common/api-exception.filter.ts).
 */
export const dictionaryDataMissing = (reason: string) =>
  new NotConfiguredException(
    HttpStatus.SERVICE_UNAVAILABLE,
    'DICTIONARY_DATA_MISSING',
    DICTIONARY_DATA_MISSING_MESSAGE,
    reason,
  );

/** 400: a translation from a language into itself. */
export const sameLanguage = () =>
  new ApiException(HttpStatus.BAD_REQUEST, 'LANGUAGE_TOOL_SAME_LANGUAGE', SAME_LANGUAGE_MESSAGE);

/** 400: `value` of the request's `field` is no language of the catalog nor one of `names`. */
export const unknownLanguage = (field: string, value: string, names: readonly string[]) =>
  new ApiException(
    HttpStatus.BAD_REQUEST,
    'LANGUAGE_TOOL_UNKNOWN_LANGUAGE',
    `Unknown ${field} '${value.trim().slice(0, 40)}': use an ISO 639-3 code from GET /api/enhancements/language-tool/languages (such as eng, fra, bbk) or one of ${names.join(', ')}.`,
  );

/** 400: `value` is no language the analysis knows (`names`: the names it takes, as one text). */
export const unknownAnalyzeLanguage = (value: string, names: string) =>
  new ApiException(
    HttpStatus.BAD_REQUEST,
    'LANGUAGE_TOOL_UNKNOWN_LANGUAGE',
    `Unknown language '${value}': use an ISO 639-3 code of the language list or one of ${names}.`,
  );

/** 403: a word's audio link is past its expiry. */
export const audioLinkExpired = () =>
  new ApiException(
    HttpStatus.FORBIDDEN,
    'FILES_LINK_EXPIRED',
    'This audio link has expired: look the word up again.',
  );

/** 403: a word's audio link is forged or malformed. */
export const audioLinkInvalid = () =>
  new ApiException(HttpStatus.FORBIDDEN, 'FILES_LINK_INVALID', 'This audio link is not valid.');

/** 404: no dictionary entry has this id. */
export const entryNotFound = () =>
  new ApiException(
    HttpStatus.NOT_FOUND,
    'DICTIONARY_ENTRY_NOT_FOUND',
    'This dictionary entry does not exist.',
  );

/** 422: the entry's form is a phonetic code or an old transcription, not spelling a voice can read. */
export const audioOfPhoneticCode = (form: string, sourceKind: DictionarySourceKind) =>
  new ApiException(
    HttpStatus.UNPROCESSABLE_ENTITY,
    'DICTIONARY_AUDIO_UNAVAILABLE',
    `'${form}' is ${sourceKind === 'asjp-v12' ? "ASJP's phonetic code" : "Koelle's 1854 transcription"}, not spelling: a voice would read it wrongly.`,
  );

/** 422: the speech engine has no voice for the language (`languageName`). */
export const noVoiceFor = (languageName: string) =>
  new ApiException(
    HttpStatus.UNPROCESSABLE_ENTITY,
    'DICTIONARY_AUDIO_UNAVAILABLE',
    `The speech engine has no voice for ${languageName}.`,
  );

/** 502: the speech engine failed to speak the word (its own code and text). */
export const speechEngineFailed = (code: ErrorCode, message: string) =>
  new ApiException(HttpStatus.BAD_GATEWAY, code, message);

/** 403: an account that is not an administrator asked to populate the dictionary. */
export const populateAdminOnly = () =>
  new ApiException(
    HttpStatus.FORBIDDEN,
    'AUTH_ADMIN_ONLY',
    'Only administrators can populate the dictionary. The open data is imported automatically; an administrator (ADMIN_USERNAMES) can re-run the import.',
  );
