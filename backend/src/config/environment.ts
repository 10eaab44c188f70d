import { Transform } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateBy,
  ValidateIf,
} from 'class-validator';
import { CALLING_CODE_PATTERN } from '@kasa/contracts';
import { IsEmailAddress } from '../common/email-address';
import { CHAT_MODEL_NAME_MAX_LENGTH } from './chat-models';
import { parseTrustProxy, TRUST_PROXY_RULE } from './trust-proxy';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const LOG_FORMATS = ['pretty', 'json'] as const;
const IMAGE_ENGINES = ['offline', 'openai-compatible'] as const;
const SPEECH_ENGINES = ['offline', 'openai-compatible'] as const;
const toInt = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : Number(value);
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);
/** E.164: '+', a country code that does not start with 0, at most 15 digits in all; no spaces. */
const INTERNATIONAL_PHONE_NUMBER = /^\+[1-9]\d{6,14}$/;
const internationalNumberRule = (name: string) =>
  `${name} must be an international number: + then the country code and number, digits only (e.g. +237677123456)`;

/**
 * Every environment variable the backend reads, with its rules. Unset means "use the embedded
 * default" (docs/operations.md#configuration); production refuses the embedded defaults.
 */
export class EnvironmentVariables {
  @IsOptional()
  @IsIn(['development', 'production', 'test'])
  NODE_ENV?: 'development' | 'production' | 'test';

  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'PORT must be a whole number (e.g. 3000)' })
  @Min(0)
  @Max(65535)
  PORT?: number;

  @IsOptional()
  @IsString()
  HOST?: string;

  @Transform(emptyToUndefined)
  @ValidateIf((env: EnvironmentVariables) => env.NODE_ENV === 'production' || env.DATABASE_URL !== undefined)
  @Matches(/^postgres(ql)?:\/\/.+/, {
    message:
      'DATABASE_URL must be a postgres:// URL (required when NODE_ENV=production: the embedded database is for development only)',
  })
  DATABASE_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^rediss?:\/\/.+/, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL?: string;

  @Transform(emptyToUndefined)
  @ValidateIf((env: EnvironmentVariables) => env.NODE_ENV === 'production' || env.JWT_SECRET !== undefined)
  @IsString()
  @MinLength(32, { message: 'JWT_SECRET must be at least 32 characters (required when NODE_ENV=production)' })
  JWT_SECRET?: string;

  @IsOptional()
  @IsString()
  DATA_DIR?: string;

  @IsOptional()
  @IsString()
  @MinLength(1)
  APP_NAME?: string;

  @IsOptional()
  @IsString()
  @MinLength(1)
  ASSISTANT_NAME?: string;

  @IsOptional()
  @IsIn(['inline', 'off'], {
    message: "WORKER_MODE must be 'inline' (API runs the job processors) or 'off' (a separate worker does)",
  })
  WORKER_MODE?: 'inline' | 'off';

  @IsOptional()
  @IsIn(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
  LOG_LEVEL?: (typeof LOG_LEVELS)[number];

  /** Unset: pretty lines in a terminal outside production, JSON otherwise (common/log-format.ts). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(LOG_FORMATS, {
    message: "LOG_FORMAT must be 'pretty' (coloured lines for a person) or 'json' (one JSON object per line)",
  })
  LOG_FORMAT?: (typeof LOG_FORMATS)[number];

  @IsOptional()
  @Matches(/^\d+(b|kb|mb)$/i, { message: "BODY_LIMIT must look like '1mb', '512kb' or '2048b'" })
  BODY_LIMIT?: string;

  @IsOptional()
  @IsString()
  WEB_DIST_ROOT?: string;

  @IsOptional()
  @IsString()
  REMOTE_URL_CHAT?: string;

  @IsOptional()
  @IsString()
  REMOTE_URL_STUDIO?: string;

  @IsOptional()
  @IsString()
  REMOTE_URL_BILLING?: string;

  @IsOptional()
  @IsString()
  REMOTE_URL_ACCOUNT?: string;

  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'EMBEDDED_PG_PORT must be a whole number' })
  @Min(1)
  @Max(65535)
  EMBEDDED_PG_PORT?: number;

  /** Set by the cluster primary (cluster/cluster-env.ts) on each API worker: its stable slot. */
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'KASA_PROCESS_INDEX must be a whole number (set by the cluster primary)' })
  @Min(0)
  KASA_PROCESS_INDEX?: number;

  /** How many API processes share the port (node:cluster); default one per core, 1 = no cluster layer. */
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'API_PROCESSES must be a whole number of processes (e.g. 2; 1 = a single process)' })
  @Min(1, { message: 'API_PROCESSES must be at least 1' })
  @Max(64, { message: 'API_PROCESSES must be at most 64' })
  API_PROCESSES?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'DATABASE_POOL_SIZE must be a whole number' })
  @Min(1)
  @Max(1000)
  DATABASE_POOL_SIZE?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'DATABASE_CONNECT_TIMEOUT_MS must be a whole number' })
  @Min(100)
  @Max(600_000)
  DATABASE_CONNECT_TIMEOUT_MS?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt({
    message: 'THREAD_POOL_SIZE must be a whole number (threads for parsing and decoding off the event loop)',
  })
  @Min(1)
  @Max(64)
  THREAD_POOL_SIZE?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'THREAD_MAX_MEMORY_MB must be a whole number of megabytes' })
  @Min(32)
  @Max(8192)
  THREAD_MAX_MEMORY_MB?: number;

  /** Heavy requests of one kind (analysis, research, upload...) one user may run at once (default 2). */
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'CONCURRENT_HEAVY_REQUESTS_PER_USER must be a whole number between 1 and 100' })
  @Min(1, { message: 'CONCURRENT_HEAVY_REQUESTS_PER_USER must be a whole number between 1 and 100' })
  @Max(100, { message: 'CONCURRENT_HEAVY_REQUESTS_PER_USER must be a whole number between 1 and 100' })
  CONCURRENT_HEAVY_REQUESTS_PER_USER?: number;

  /** Event streams (chat replies, dictionary import) one user may hold open at once (default 8). */
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'CONCURRENT_STREAMS_PER_USER must be a whole number between 1 and 1000' })
  @Min(1, { message: 'CONCURRENT_STREAMS_PER_USER must be a whole number between 1 and 1000' })
  @Max(1000, { message: 'CONCURRENT_STREAMS_PER_USER must be a whole number between 1 and 1000' })
  CONCURRENT_STREAMS_PER_USER?: number;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^smtps?:\/\/.+/, {
    message: 'SMTP_URL must be an smtp:// or smtps:// URL (e.g. smtps://user:pass@mail.example.com)',
  })
  SMTP_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(3)
  MAIL_FROM?: string;

  @IsOptional()
  @Matches(/^[a-z][a-z0-9_]{0,30}$/, {
    message: 'QUEUE_PREFIX must be lower-case letters, digits or _ (max 31)',
  })
  QUEUE_PREFIX?: string;

  /** Sign-ins allowed per IP address in 15 minutes (default 30). Raise it behind a shared NAT. */
  @Transform(toInt)
  @IsOptional()
  @IsInt({ message: 'RATE_LIMIT_LOGIN_PER_IP must be a whole number' })
  @Min(1)
  RATE_LIMIT_LOGIN_PER_IP?: number;

  /** Accounts that may be created per IP address in an hour (default 30). */
  @Transform(toInt)
  @IsOptional()
  @IsInt({ message: 'RATE_LIMIT_REGISTER_PER_IP must be a whole number' })
  @Min(1)
  RATE_LIMIT_REGISTER_PER_IP?: number;

  /** Password-reset codes one IP address may request in an hour (default 10). */
  @Transform(toInt)
  @IsOptional()
  @IsInt({ message: 'RATE_LIMIT_FORGOT_PER_IP must be a whole number' })
  @Min(1)
  RATE_LIMIT_FORGOT_PER_IP?: number;

  /** Password-reset codes sent in an hour, all addresses together (default 200). */
  @Transform(toInt)
  @IsOptional()
  @IsInt({ message: 'RATE_LIMIT_FORGOT_GLOBAL must be a whole number' })
  @Min(1)
  RATE_LIMIT_FORGOT_GLOBAL?: number;

  /** Reset-code tries from one IP address in an hour (default 30). */
  @Transform(toInt)
  @IsOptional()
  @IsInt({ message: 'RATE_LIMIT_RESET_PER_IP must be a whole number' })
  @Min(1)
  RATE_LIMIT_RESET_PER_IP?: number;

  /** Reset-code tries in an hour, all addresses together (default 1000). */
  @Transform(toInt)
  @IsOptional()
  @IsInt({ message: 'RATE_LIMIT_RESET_GLOBAL must be a whole number' })
  @Min(1)
  RATE_LIMIT_RESET_GLOBAL?: number;

  /** Wrong two-factor codes, from any address, that lock an account's second factor (default 10). */
  @Transform(toInt)
  @IsOptional()
  @IsInt({ message: 'TWO_FACTOR_MAX_FAILURES must be a whole number of wrong codes' })
  @Min(1)
  @Max(1000)
  TWO_FACTOR_MAX_FAILURES?: number;

  /** How long that lock lasts unless the owner follows the e-mailed unlock link (default 15). */
  @Transform(toInt)
  @IsOptional()
  @IsInt({ message: 'TWO_FACTOR_LOCK_MINUTES must be a whole number of minutes' })
  @Min(1)
  @Max(10080)
  TWO_FACTOR_LOCK_MINUTES?: number;

  /** Proxies whose X-Forwarded-For is believed (default: loopback only). See trust-proxy.ts. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @ValidateBy(
    {
      name: 'isTrustProxy',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && parseTrustProxy(value) !== null,
      },
    },
    { message: TRUST_PROXY_RULE },
  )
  TRUST_PROXY?: string;

  /** Comma-separated usernames of the administrators (the dev outbox, health details). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^\s*[A-Za-z0-9_.-]{3,32}(\s*,\s*[A-Za-z0-9_.-]{3,32})*\s*$/, {
    message: 'ADMIN_USERNAMES must be usernames (3 to 32 letters, digits, _ . or -) separated by commas',
  })
  ADMIN_USERNAMES?: string;

  /** The dictionary data's folder (lexemes.csv, languages.csv, languages_picker.csv); default data/lexicon. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  LEXICON_DIR?: string;

  /** 'false': no background dictionary import at start (npm run dictionary:import still works). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['true', 'false'], { message: "DICTIONARY_AUTO_IMPORT must be 'true' or 'false'" })
  DICTIONARY_AUTO_IMPORT?: 'true' | 'false';

  /** Hours an account export's ZIP and download link last (default 24, at most 168). */
  @Transform(toInt)
  @IsOptional()
  @IsInt({ message: 'ACCOUNT_EXPORT_TTL_HOURS must be a whole number of hours' })
  @Min(1, { message: 'ACCOUNT_EXPORT_TTL_HOURS must be between 1 and 168' })
  @Max(168, { message: 'ACCOUNT_EXPORT_TTL_HOURS must be between 1 and 168' })
  ACCOUNT_EXPORT_TTL_HOURS?: number;

  /**
   * Minutes after which a temporary file of ours a killed process left behind is removed (default
   * 360, or twice UPLOAD_EXTRACTION_TIME_LIMIT_SECONDS when that is longer; 15 to 10080).
   */
  @Transform(toInt)
  @IsOptional()
  @IsInt({ message: 'TEMP_FILES_MAX_AGE_MINUTES must be a whole number of minutes' })
  @Min(15, { message: 'TEMP_FILES_MAX_AGE_MINUTES must be between 15 and 10080' })
  @Max(10080, { message: 'TEMP_FILES_MAX_AGE_MINUTES must be between 15 and 10080' })
  TEMP_FILES_MAX_AGE_MINUTES?: number;

  /** Key of the OpenAI-compatible API (OpenAI, OpenRouter; any text for Ollama / llama.cpp). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  OPENAI_API_KEY?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/.+/, {
    message: 'OPENAI_BASE_URL must be an http:// or https:// URL (e.g. http://localhost:11434/v1)',
  })
  OPENAI_BASE_URL?: string;

  /** The one chat model when CHAT_MODELS is unset (default gpt-4o-mini). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(1)
  CHAT_MODEL?: string;

  /** CHAT_MODEL's display name (default: its id); shown only where models are named. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MaxLength(CHAT_MODEL_NAME_MAX_LENGTH, {
    message: `CHAT_MODEL_NAME must be at most ${CHAT_MODEL_NAME_MAX_LENGTH} characters (the model picker shows it)`,
  })
  CHAT_MODEL_NAME?: string;

  /**
   * Several chat models users pick from: `id|name|plans` entries separated by ';' (first = the
   * default, every plan). Checked in chat-models.ts, whose messages name the entry at fault.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  CHAT_MODELS?: string;

  /** Unset: 'openai-compatible' when OPENAI_BASE_URL or OPENAI_API_KEY is set (like chat), else 'offline'. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(IMAGE_ENGINES, {
    message: `IMAGE_ENGINE must be one of ${IMAGE_ENGINES.join(', ')} (unset: like the chat engine)`,
  })
  IMAGE_ENGINE?: (typeof IMAGE_ENGINES)[number];

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(1)
  IMAGE_MODEL?: string;

  /** Text-to-speech. Unset: like the chat engine; 'offline' is eSpeak NG. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(SPEECH_ENGINES, {
    message: `TTS_ENGINE must be one of ${SPEECH_ENGINES.join(', ')} (unset: like the chat engine)`,
  })
  TTS_ENGINE?: (typeof SPEECH_ENGINES)[number];

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(1)
  TTS_MODEL?: string;

  /** Speech-to-text. Unset: like the chat engine; 'offline' is pocketsphinx (English) when installed. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(SPEECH_ENGINES, {
    message: `STT_ENGINE must be one of ${SPEECH_ENGINES.join(', ')} (unset: like the chat engine)`,
  })
  STT_ENGINE?: (typeof SPEECH_ENGINES)[number];

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(1)
  STT_MODEL?: string;

  /** The offline engine's program; unset: where Debian's pocketsphinx package puts it. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^\//, {
    message: 'POCKETSPHINX_BIN must be an absolute path (e.g. /usr/bin/pocketsphinx_continuous)',
  })
  POCKETSPHINX_BIN?: string;

  /** The folder holding en-us/, en-us.lm.bin and cmudict-en-us.dict; unset: Debian's pocketsphinx-en-us. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^\//, {
    message: 'POCKETSPHINX_MODEL_DIR must be an absolute path (e.g. /usr/share/pocketsphinx/model/en-us)',
  })
  POCKETSPHINX_MODEL_DIR?: string;

  @Transform(toInt)
  @IsOptional()
  @IsInt({ message: 'AI_TIMEOUT_MS must be a whole number of milliseconds' })
  @Min(1000)
  AI_TIMEOUT_MS?: number;

  @Transform(toInt)
  @IsOptional()
  @IsInt({ message: 'AI_MAX_RETRIES must be a whole number' })
  @Min(0)
  @Max(10)
  AI_MAX_RETRIES?: number;

  @Transform(toInt)
  @IsOptional()
  @IsInt({ message: 'CHAT_HISTORY_TOKENS must be a whole number' })
  @Min(256)
  CHAT_HISTORY_TOKENS?: number;

  /**
   * A GGUF model file the chat runs in this process (node-llama-cpp). Unset: the one *.gguf file
   * in DATA_DIR/models when there is exactly one and no OpenAI-compatible server is set.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  LOCAL_MODEL_PATH?: string;

  /** What the model picker shows for the local model (default: the file's name without .gguf). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MaxLength(CHAT_MODEL_NAME_MAX_LENGTH, {
    message: `LOCAL_MODEL_NAME must be at most ${CHAT_MODEL_NAME_MAX_LENGTH} characters (the model picker fits it on a phone)`,
  })
  LOCAL_MODEL_NAME?: string;

  @Transform(toInt)
  @IsOptional()
  @IsInt({ message: 'LOCAL_MODEL_CONTEXT must be a whole number of tokens (e.g. 4096)' })
  @Min(512, { message: 'LOCAL_MODEL_CONTEXT must be at least 512 tokens' })
  @Max(131072, { message: 'LOCAL_MODEL_CONTEXT must be at most 131072 tokens' })
  LOCAL_MODEL_CONTEXT?: number;

  @Transform(toInt)
  @IsOptional()
  @IsInt({ message: 'LOCAL_MODEL_THREADS must be a whole number of CPU threads' })
  @Min(1, { message: 'LOCAL_MODEL_THREADS must be at least 1' })
  @Max(256, { message: 'LOCAL_MODEL_THREADS must be at most 256' })
  LOCAL_MODEL_THREADS?: number;

  @Transform(toInt)
  @IsOptional()
  @IsInt({ message: 'LOCAL_MODEL_PARALLEL must be a whole number of replies written at once' })
  @Min(1, { message: 'LOCAL_MODEL_PARALLEL must be at least 1' })
  @Max(16, { message: 'LOCAL_MODEL_PARALLEL must be at most 16' })
  LOCAL_MODEL_PARALLEL?: number;

  @Transform(toInt)
  @IsOptional()
  @IsInt({ message: 'LOCAL_MODEL_QUEUE_MAX must be a whole number of waiting replies' })
  @Min(1, { message: 'LOCAL_MODEL_QUEUE_MAX must be at least 1' })
  @Max(10000, { message: 'LOCAL_MODEL_QUEUE_MAX must be at most 10000' })
  LOCAL_MODEL_QUEUE_MAX?: number;

  @Transform(toInt)
  @IsOptional()
  @IsInt({ message: 'LOCAL_MODEL_MAX_TOKENS must be a whole number of tokens' })
  @Min(16, { message: 'LOCAL_MODEL_MAX_TOKENS must be at least 16 tokens' })
  @Max(32768, { message: 'LOCAL_MODEL_MAX_TOKENS must be at most 32768 tokens' })
  LOCAL_MODEL_MAX_TOKENS?: number;

  /** Stripe secret key (sk_live_… / sk_test_…). Set with the three below, or none: the sandbox checkout. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^(sk|rk)_(test|live)_\w+$/, {
    message: 'STRIPE_SECRET_KEY must look like sk_test_… or sk_live_…',
  })
  STRIPE_SECRET_KEY?: string;

  @Transform(emptyToUndefined)
  @ValidateIf((env: EnvironmentVariables) => env.STRIPE_SECRET_KEY !== undefined)
  @Matches(/^whsec_\w+$/, {
    message: 'STRIPE_WEBHOOK_SECRET must look like whsec_… (required with STRIPE_SECRET_KEY)',
  })
  STRIPE_WEBHOOK_SECRET?: string;

  @Transform(emptyToUndefined)
  @ValidateIf((env: EnvironmentVariables) => env.STRIPE_SECRET_KEY !== undefined)
  @Matches(/^price_\w+$/, {
    message:
      'STRIPE_PRICE_ID must be the USD 4 monthly price, like price_… (required with STRIPE_SECRET_KEY)',
  })
  STRIPE_PRICE_ID?: string;

  @Transform(emptyToUndefined)
  @ValidateIf((env: EnvironmentVariables) => env.STRIPE_SECRET_KEY !== undefined)
  @Matches(/^pk_(test|live)_\w+$/, {
    message: 'STRIPE_PUBLISHABLE_KEY must look like pk_test_… (required with STRIPE_SECRET_KEY)',
  })
  STRIPE_PUBLISHABLE_KEY?: string;

  /** Where the Stripe SDK sends its calls (tests: a loopback server). Default https://api.stripe.com. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/[^/]+\/?$/, {
    message: 'STRIPE_API_URL must be an origin like https://api.stripe.com',
  })
  STRIPE_API_URL?: string;

  /** Flutterwave v3 secret key (FLWSECK-…). Set with FLUTTERWAVE_SECRET_HASH, or neither: the sandbox checkout. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(8)
  FLUTTERWAVE_SECRET_KEY?: string;

  /** The webhook secret hash set in Flutterwave's dashboard (sent back as the verif-hash header). */
  @Transform(emptyToUndefined)
  @ValidateIf((env: EnvironmentVariables) => env.FLUTTERWAVE_SECRET_KEY !== undefined)
  @IsString({ message: 'FLUTTERWAVE_SECRET_HASH is required with FLUTTERWAVE_SECRET_KEY' })
  @MinLength(8, { message: 'FLUTTERWAVE_SECRET_HASH must be at least 8 characters' })
  FLUTTERWAVE_SECRET_HASH?: string;

  /** Default https://api.flutterwave.com (tests: a loopback server). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/.+/, { message: 'FLUTTERWAVE_API_URL must be an http:// or https:// URL' })
  FLUTTERWAVE_API_URL?: string;

  /** The calling code mobile money numbers are read with, without '+' (default 237, Cameroon). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(CALLING_CODE_PATTERN, {
    message: 'MOBILE_MONEY_COUNTRY_CODE must be a country calling code without +, like 237 (Cameroon)',
  })
  MOBILE_MONEY_COUNTRY_CODE?: string;

  /** Where stored files (images, speech, recordings) live: 'local' (DATA_DIR/files, default) or 's3'. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['local', 's3'], {
    message: "FILES_STORAGE must be 'local' (files under DATA_DIR) or 's3' (an S3-compatible bucket)",
  })
  FILES_STORAGE?: 'local' | 's3';

  /** Images whose header declares more pixels get no data-saver thumbnail (default 50). */
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'THUMBNAIL_MAX_MEGAPIXELS must be a whole number of megapixels (e.g. 50)' })
  @Min(1)
  @Max(1000)
  THUMBNAIL_MAX_MEGAPIXELS?: number;

  /** Thumbnails made at once per process (ffmpeg runs; default 2). */
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'THUMBNAIL_CONCURRENCY must be a whole number of ffmpeg runs at once (e.g. 2)' })
  @Min(1)
  @Max(64)
  THUMBNAIL_CONCURRENCY?: number;

  /** Address space one thumbnail's ffmpeg may map (prlimit --as; default 512). */
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'THUMBNAIL_MEMORY_MB must be a whole number of megabytes (e.g. 512)' })
  @Min(128)
  @Max(16384)
  THUMBNAIL_MEMORY_MB?: number;

  /** S3-compatible endpoint (MinIO, R2...); unset with FILES_STORAGE=s3: AWS S3 itself. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/.+/, {
    message: 'S3_ENDPOINT must be an http:// or https:// URL (e.g. http://minio:9000)',
  })
  S3_ENDPOINT?: string;

  @Transform(emptyToUndefined)
  @ValidateIf((env: EnvironmentVariables) => env.FILES_STORAGE === 's3')
  @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
    message:
      'S3_BUCKET must be a bucket name (3 to 63 lower-case letters, digits, . or -; required with FILES_STORAGE=s3)',
  })
  S3_BUCKET?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^[a-z0-9-]{2,32}$/, { message: "S3_REGION must be a region name like 'us-east-1' or 'auto'" })
  S3_REGION?: string;

  @Transform(emptyToUndefined)
  @ValidateIf((env: EnvironmentVariables) => env.FILES_STORAGE === 's3')
  @IsString({ message: 'S3_ACCESS_KEY_ID is required with FILES_STORAGE=s3' })
  @MinLength(1, { message: 'S3_ACCESS_KEY_ID is required with FILES_STORAGE=s3' })
  S3_ACCESS_KEY_ID?: string;

  @Transform(emptyToUndefined)
  @ValidateIf((env: EnvironmentVariables) => env.FILES_STORAGE === 's3')
  @IsString({ message: 'S3_SECRET_ACCESS_KEY is required with FILES_STORAGE=s3' })
  @MinLength(1, { message: 'S3_SECRET_ACCESS_KEY is required with FILES_STORAGE=s3' })
  S3_SECRET_ACCESS_KEY?: string;

  /** 'true': https://endpoint/bucket/key (MinIO and most S3-compatible servers); default true with S3_ENDPOINT. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['true', 'false'], { message: "S3_FORCE_PATH_STYLE must be 'true' or 'false'" })
  S3_FORCE_PATH_STYLE?: 'true' | 'false';

  /** The address users reach Kasa at (payment providers send them back there), e.g. https://kasa.example.com. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/[^/]+$/, {
    message: 'PUBLIC_URL must be an origin like https://kasa.example.com (no path)',
  })
  PUBLIC_URL?: string;

  // Support contacts shown to users (docs/operations.md#support-contacts).

  /** The support e-mail address, e.g. help@kasa.example. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsEmailAddress({ message: 'SUPPORT_EMAIL must be an e-mail address (e.g. help@kasa.example)' })
  SUPPORT_EMAIL?: string;

  /** The support WhatsApp number, international (e.g. +237677123456). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(INTERNATIONAL_PHONE_NUMBER, { message: internationalNumberRule('SUPPORT_WHATSAPP') })
  SUPPORT_WHATSAPP?: string;

  /** The support phone number, international (e.g. +237677123456). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(INTERNATIONAL_PHONE_NUMBER, { message: internationalNumberRule('SUPPORT_PHONE') })
  SUPPORT_PHONE?: string;

  // Chat enhancements (docs/operations.md#configuration).

  /** The OCR program (Debian tesseract-ocr). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  TESSERACT_BIN?: string;

  /** OCR languages joined by '+', e.g. eng+fra+swa (unset: every installed one Kasa knows). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^[a-z_]{3,8}(\+[a-z_]{3,8})*$/, {
    message: "TESSERACT_LANGS must be Tesseract language codes joined by '+' (e.g. eng+fra+swa)",
  })
  TESSERACT_LANGS?: string;

  /** Renders scanned PDF pages for OCR (Debian poppler-utils). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  PDFTOPPM_BIN?: string;

  /** Pages of a scanned PDF read by OCR at most; the rest are listed as not read. */
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'UPLOAD_OCR_MAX_PAGES must be a whole number of pages' })
  @Min(1)
  @Max(10000)
  UPLOAD_OCR_MAX_PAGES?: number;

  /** How long reading one upload's text may take in all (OCR stops there, other reading fails). */
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'UPLOAD_EXTRACTION_TIME_LIMIT_SECONDS must be a whole number of seconds' })
  @Min(10)
  @Max(86400)
  UPLOAD_EXTRACTION_TIME_LIMIT_SECONDS?: number;

  /** Memory of each program that reads an upload (document reader, pdftoppm, tesseract, ffmpeg). */
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'UPLOAD_CHILD_MEMORY_MB must be a whole number of megabytes' })
  @Min(128)
  @Max(65536)
  UPLOAD_CHILD_MEMORY_MB?: number;

  /** Images with more pixels than this (from their header) are not read by OCR. */
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'UPLOAD_IMAGE_MAX_MEGAPIXELS must be a whole number of megapixels' })
  @Min(1)
  @Max(1000)
  UPLOAD_IMAGE_MAX_MEGAPIXELS?: number;

  /** What a Word document (a ZIP) may inflate to, all its parts together, before it is read. */
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'UPLOAD_DOCUMENT_MAX_INFLATED_MB must be a whole number of megabytes' })
  @Min(1)
  @Max(65536)
  UPLOAD_DOCUMENT_MAX_INFLATED_MB?: number;

  /** A SearXNG instance with its JSON API on, e.g. http://localhost:8888. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/.+/, { message: 'SEARXNG_URL must be an http:// or https:// URL' })
  SEARXNG_URL?: string;

  /** Google Programmable Search: the API key and the engine id (cx), both or neither. */
  @Transform(emptyToUndefined)
  @ValidateIf(
    (env: EnvironmentVariables) =>
      env.GOOGLE_SEARCH_ENGINE_ID !== undefined || env.GOOGLE_SEARCH_API_KEY !== undefined,
  )
  @IsString({ message: 'GOOGLE_SEARCH_API_KEY is required with GOOGLE_SEARCH_ENGINE_ID' })
  @MinLength(1, { message: 'GOOGLE_SEARCH_API_KEY is required with GOOGLE_SEARCH_ENGINE_ID' })
  GOOGLE_SEARCH_API_KEY?: string;

  @Transform(emptyToUndefined)
  @ValidateIf(
    (env: EnvironmentVariables) =>
      env.GOOGLE_SEARCH_API_KEY !== undefined || env.GOOGLE_SEARCH_ENGINE_ID !== undefined,
  )
  @IsString({ message: 'GOOGLE_SEARCH_ENGINE_ID (cx) is required with GOOGLE_SEARCH_API_KEY' })
  @MinLength(1, { message: 'GOOGLE_SEARCH_ENGINE_ID (cx) is required with GOOGLE_SEARCH_API_KEY' })
  GOOGLE_SEARCH_ENGINE_ID?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/.+/, { message: 'GOOGLE_SEARCH_API_URL must be an http:// or https:// URL' })
  GOOGLE_SEARCH_API_URL?: string;

  /** Brave Search API subscription token. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  BRAVE_SEARCH_API_KEY?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/.+/, { message: 'BRAVE_SEARCH_API_URL must be an http:// or https:// URL' })
  BRAVE_SEARCH_API_URL?: string;

  /** How long one search provider may take before the next is tried (default 8000). */
  @Transform(toInt)
  @IsOptional()
  @IsInt({ message: 'SEARCH_TIMEOUT_MS must be a whole number of milliseconds' })
  @Min(500)
  SEARCH_TIMEOUT_MS?: number;

  /** Wikipedia's origin; '{lang}' becomes the language code (default https://{lang}.wikipedia.org). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/.+/, { message: 'WIKIPEDIA_API_URL must be an http:// or https:// URL' })
  WIKIPEDIA_API_URL?: string;

  /** 'off': research stays on the local index (no Wikipedia, no web pages). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['on', 'off'], { message: "RESEARCH_WEB must be 'on' or 'off'" })
  RESEARCH_WEB?: 'on' | 'off';

  /** 'true': research may read pages on private or loopback addresses (an intranet; tests). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['true', 'false'], { message: "RESEARCH_ALLOW_PRIVATE_NETWORK must be 'true' or 'false'" })
  RESEARCH_ALLOW_PRIVATE_NETWORK?: 'true' | 'false';

  /** How long reading one web page's HTML may take on a worker thread; a slower page is skipped. */
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'RESEARCH_PAGE_PARSE_TIMEOUT_MS must be a whole number of milliseconds' })
  @Min(100)
  @Max(120000)
  RESEARCH_PAGE_PARSE_TIMEOUT_MS?: number;

  /** Google Drive import (OAuth client of type "Web application"): both or neither. */
  @Transform(emptyToUndefined)
  @ValidateIf(
    (env: EnvironmentVariables) =>
      env.GOOGLE_CLIENT_SECRET !== undefined || env.GOOGLE_CLIENT_ID !== undefined,
  )
  @IsString({ message: 'GOOGLE_CLIENT_ID is required with GOOGLE_CLIENT_SECRET' })
  @MinLength(1, { message: 'GOOGLE_CLIENT_ID is required with GOOGLE_CLIENT_SECRET' })
  GOOGLE_CLIENT_ID?: string;

  @Transform(emptyToUndefined)
  @ValidateIf(
    (env: EnvironmentVariables) =>
      env.GOOGLE_CLIENT_ID !== undefined || env.GOOGLE_CLIENT_SECRET !== undefined,
  )
  @IsString({ message: 'GOOGLE_CLIENT_SECRET is required with GOOGLE_CLIENT_ID' })
  @MinLength(1, { message: 'GOOGLE_CLIENT_SECRET is required with GOOGLE_CLIENT_ID' })
  GOOGLE_CLIENT_SECRET?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/.+/, { message: 'GOOGLE_OAUTH_AUTH_URL must be an http:// or https:// URL' })
  GOOGLE_OAUTH_AUTH_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/.+/, { message: 'GOOGLE_OAUTH_TOKEN_URL must be an http:// or https:// URL' })
  GOOGLE_OAUTH_TOKEN_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/.+/, { message: 'GOOGLE_DRIVE_API_URL must be an http:// or https:// URL' })
  GOOGLE_DRIVE_API_URL?: string;

  /** Origin of the Open-Meteo forecast API, or 'off' to switch the forecast off. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^(off|https?:\/\/.+)$/, {
    message: "WEATHER_API_URL must be an http:// or https:// URL, or 'off'",
  })
  WEATHER_API_URL?: string;

  /** Origin of the Open-Meteo geocoding API (places by name), or 'off' to switch the forecast off. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^(off|https?:\/\/.+)$/, {
    message: "WEATHER_GEOCODING_URL must be an http:// or https:// URL, or 'off'",
  })
  WEATHER_GEOCODING_URL?: string;

  /** How long one request to the weather service may take, its answer included (default 8000). */
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'WEATHER_TIMEOUT_MS must be a whole number of milliseconds' })
  @Min(100)
  @Max(120000)
  WEATHER_TIMEOUT_MS?: number;
}
