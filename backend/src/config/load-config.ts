import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { DEFAULT_MOBILE_MONEY_COUNTRY_CODE, REMOTE_NAMES, type RemoteName } from '@kasa/contracts';
import type { AppConfig, EnhancementsConfig, SearchProviderConfig, WeatherConfig } from './app-config';
import { chatModelsConfig } from './chat-models';
import { localModelConfig } from './local-model';
import { EnvironmentVariables } from './environment';
import { parseTrustProxy } from './trust-proxy';

/** The repository root (backend/src/config or backend/dist/config → ../../..). */
export const REPO_ROOT = resolve(__dirname, '..', '..', '..');
/** Connections of the API processes together: enough for a burst of sends on two cores (bench/chat-send), a fifth of PostgreSQL's default 100. */
export const DEFAULT_DATABASE_POOL_SIZE = 20;

/**
 * Without DATABASE_POOL_SIZE, the API processes share the default pool out (at least 5 each), so
 * PostgreSQL sees as many connections at once whatever their number: on a small machine, 2 × 20
 * connections in a burst of sends slowed every query until the waits passed
 * DATABASE_CONNECT_TIMEOUT_MS and sends failed with 503 (bench/README.md, "Chat send").
 */
export function sharedDatabasePoolSize(apiProcesses: number): number {
  return Math.max(5, Math.ceil(DEFAULT_DATABASE_POOL_SIZE / apiProcesses));
}

/**
 * Worker threads per process without THREAD_POOL_SIZE: alone, a process takes every core but its
 * own; N API processes share the cores out (at least one thread each) instead of each starting a
 * pool as big as the machine.
 */
export function sharedThreadPoolSize(apiProcesses: number, cores: number): number {
  return apiProcesses > 1 ? Math.max(1, Math.floor(cores / apiProcesses)) : Math.max(1, cores - 1);
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function flatten(errors: ValidationError[]): string[] {
  return errors.flatMap((error) => [
    ...Object.values(error.constraints ?? {}),
    ...flatten(error.children ?? []),
  ]);
}

function readVersion(): string {
  try {
    return (
      JSON.parse(readFileSync(join(REPO_ROOT, 'backend', 'package.json'), 'utf8')) as { version: string }
    ).version;
  } catch {
    return '0.0.0';
  }
}

/**
 * Development convenience: a random JWT secret generated once into DATA_DIR, so tokens survive
 * restarts without anyone configuring anything. Production must set JWT_SECRET (validated above).
 */
function developmentJwtSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/** The sandbox checkout grants Pro for free: production must run the real payment engines. */
function productionPaymentProblems(vars: EnvironmentVariables): string[] {
  return [
    !vars.STRIPE_SECRET_KEY &&
      'STRIPE_SECRET_KEY (with STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID, STRIPE_PUBLISHABLE_KEY) is required when NODE_ENV=production: the sandbox checkout is for development only',
    !vars.FLUTTERWAVE_SECRET_KEY &&
      'FLUTTERWAVE_SECRET_KEY (with FLUTTERWAVE_SECRET_HASH) is required when NODE_ENV=production: the sandbox checkout is for development only',
  ].filter((problem): problem is string => typeof problem === 'string');
}

/**
 * Google sends the Drive consent popup back to PUBLIC_URL: in production it must be set (the
 * development default, http://localhost:PORT, is no address users reach).
 */
function productionDriveProblems(vars: EnvironmentVariables): string[] {
  return vars.GOOGLE_CLIENT_ID && !vars.PUBLIC_URL
    ? [
        'PUBLIC_URL is required with GOOGLE_CLIENT_ID when NODE_ENV=production: Google Drive sends the sign-in popup back to <PUBLIC_URL>/api/enhancements/google-drive/callback (the redirect URI registered for the OAuth client)',
      ]
    : [];
}

/** The sweep must never take a live job's files: its age outlasts the longest job (the extraction). */
function tempFilesMaxAgeMs(vars: EnvironmentVariables): number {
  const longestJobMs = (vars.UPLOAD_EXTRACTION_TIME_LIMIT_SECONDS ?? 600) * 1000;
  return vars.TEMP_FILES_MAX_AGE_MINUTES
    ? vars.TEMP_FILES_MAX_AGE_MINUTES * 60_000
    : Math.max(360 * 60_000, 2 * longestJobMs);
}

function tempFilesProblems(vars: EnvironmentVariables): string[] {
  const extractionSeconds = vars.UPLOAD_EXTRACTION_TIME_LIMIT_SECONDS ?? 600;
  return vars.TEMP_FILES_MAX_AGE_MINUTES !== undefined &&
    vars.TEMP_FILES_MAX_AGE_MINUTES * 60 <= extractionSeconds
    ? [
        `TEMP_FILES_MAX_AGE_MINUTES must be longer than UPLOAD_EXTRACTION_TIME_LIMIT_SECONDS (${extractionSeconds} s): a running extraction's files would be swept`,
      ]
    : [];
}

/**
 * Which process reads the configuration. 'api' (main.ts): one of API_PROCESSES, which share the
 * default pool and the cores out. 'separate': a process of its own beside them (the job worker,
 * a CLI), with the whole default pool and every core but one.
 */
export interface LoadConfigOptions {
  role?: 'api' | 'separate';
}

/** Validates process.env (or the given variables) and returns the typed configuration. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  { role = 'api' }: LoadConfigOptions = {},
): AppConfig {
  const vars = plainToInstance(EnvironmentVariables, { ...env }, { enableImplicitConversion: false });
  const problems = [...flatten(validateSync(vars, { whitelist: false, skipMissingProperties: false }))];
  const nodeEnv = vars.NODE_ENV ?? 'development';
  if (nodeEnv === 'production')
    problems.push(...productionPaymentProblems(vars), ...productionDriveProblems(vars));
  if (!problems.length) problems.push(...tempFilesProblems(vars));
  const dataDir = vars.DATA_DIR ? resolve(vars.DATA_DIR) : join(REPO_ROOT, '.data');
  const openAiCompatibleSet = Boolean(vars.OPENAI_BASE_URL || vars.OPENAI_API_KEY);
  const local = problems.length ? undefined : localModelConfig(vars, dataDir, openAiCompatibleSet);
  problems.push(...(local?.problems ?? []));
  const chatEngine = local?.model ? 'local' : openAiCompatibleSet ? 'openai-compatible' : 'offline';
  const appName = vars.APP_NAME ?? 'Kasa';
  const chatModels = chatModelsConfig(vars, chatEngine, appName, local?.model);
  problems.push(...chatModels.problems);
  if (problems.length) throw new ConfigError(problems);

  const webDistRoot = vars.WEB_DIST_ROOT
    ? isAbsolute(vars.WEB_DIST_ROOT)
      ? vars.WEB_DIST_ROOT
      : resolve(vars.WEB_DIST_ROOT)
    : REPO_ROOT;

  // A local model is loaded by each process that writes replies: one process unless told otherwise.
  const apiProcesses = vars.API_PROCESSES ?? (chatEngine === 'local' ? 1 : availableParallelism());
  const processesSharing = role === 'api' ? apiProcesses : 1;
  const remoteUrls = Object.fromEntries(
    REMOTE_NAMES.map((name) => [
      name,
      (vars[`REMOTE_URL_${name.toUpperCase()}` as keyof EnvironmentVariables] as string | undefined) ??
        `/remotes/${name}/mf-manifest.json`,
    ]),
  ) as Record<RemoteName, string>;

  return {
    nodeEnv,
    version: readVersion(),
    port: vars.PORT ?? 3000,
    host: vars.HOST ?? '0.0.0.0',
    databaseUrl: vars.DATABASE_URL,
    databaseEngine: vars.DATABASE_URL ? 'external' : 'embedded',
    redisUrl: vars.REDIS_URL,
    jwtSecret: vars.JWT_SECRET ?? developmentJwtSecret(dataDir),
    dataDir,
    appName: vars.APP_NAME ?? 'Kasa',
    assistantName: vars.ASSISTANT_NAME ?? 'Kasa',
    workerMode: vars.WORKER_MODE ?? 'inline',
    logLevel: vars.LOG_LEVEL ?? (nodeEnv === 'test' ? 'warn' : 'info'),
    logFormat: vars.LOG_FORMAT ?? 'auto',
    bodyLimit: vars.BODY_LIMIT ?? '1mb',
    webDistRoot,
    remoteUrls,
    embeddedPgPort: vars.EMBEDDED_PG_PORT ?? 54329,
    databasePoolSize: vars.DATABASE_POOL_SIZE ?? sharedDatabasePoolSize(processesSharing),
    apiProcesses,
    apiProcessIndex: vars.KASA_PROCESS_INDEX ?? 0,
    databaseConnectTimeoutMs: vars.DATABASE_CONNECT_TIMEOUT_MS ?? 10_000,
    threads: {
      size: vars.THREAD_POOL_SIZE ?? sharedThreadPoolSize(processesSharing, availableParallelism()),
      maxMemoryMb: vars.THREAD_MAX_MEMORY_MB ?? 256,
      maxQueue: 200,
    },
    concurrency: {
      heavyRequestsPerUser: vars.CONCURRENT_HEAVY_REQUESTS_PER_USER ?? 2,
      streamsPerUser: vars.CONCURRENT_STREAMS_PER_USER ?? 8,
      leaseTtlMs: 30_000,
    },
    queuePrefix: vars.QUEUE_PREFIX ?? 'kasa',
    // With HEALTH_CHECK_MARGIN_MS, /api/health answers within 5 s (docs/operations.md).
    healthQueueTimeoutMs: 4500,
    healthQueueCacheMs: 5000,
    jobs: { lockDurationMs: 30_000, stalledIntervalMs: 30_000, maxStalledCount: 1 },
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM ?? `${vars.APP_NAME ?? 'Kasa'} <no-reply@kasa.local>`,
    ai: {
      chatEngine,
      localModel: local?.model,
      localModelNotes: local?.notes ?? [],
      openaiApiKey: vars.OPENAI_API_KEY,
      openaiBaseUrl: vars.OPENAI_BASE_URL,
      chatModel: chatModels.models[0].id,
      requestTimeoutMs: vars.AI_TIMEOUT_MS ?? 60_000,
      maxRetries: vars.AI_MAX_RETRIES ?? 2,
      // A local model's context holds the history and the reply: the history gets what the reply leaves.
      chatHistoryTokenBudget: Math.min(
        vars.CHAT_HISTORY_TOKENS ?? 6000,
        local?.model ? Math.max(256, local.model.contextSize - local.model.maxReplyTokens) : Infinity,
      ),
    },
    chatModels: chatModels.models,
    images: {
      engine:
        vars.IMAGE_ENGINE ?? (vars.OPENAI_BASE_URL || vars.OPENAI_API_KEY ? 'openai-compatible' : 'offline'),
      model: vars.IMAGE_MODEL ?? 'dall-e-3',
    },
    speech: {
      ttsEngine:
        vars.TTS_ENGINE ?? (vars.OPENAI_BASE_URL || vars.OPENAI_API_KEY ? 'openai-compatible' : 'offline'),
      ttsModel: vars.TTS_MODEL ?? 'tts-1',
      sttEngine:
        vars.STT_ENGINE ?? (vars.OPENAI_BASE_URL || vars.OPENAI_API_KEY ? 'openai-compatible' : 'offline'),
      sttModel: vars.STT_MODEL ?? 'whisper-1',
      pocketsphinx: {
        binary: vars.POCKETSPHINX_BIN ?? '/usr/bin/pocketsphinx_continuous',
        modelDir: vars.POCKETSPHINX_MODEL_DIR ?? '/usr/share/pocketsphinx/model/en-us',
      },
    },
    payments: {
      card: vars.STRIPE_SECRET_KEY
        ? {
            engine: 'stripe',
            secretKey: vars.STRIPE_SECRET_KEY,
            webhookSecret: vars.STRIPE_WEBHOOK_SECRET!,
            priceId: vars.STRIPE_PRICE_ID!,
            publishableKey: vars.STRIPE_PUBLISHABLE_KEY!,
            apiUrl: vars.STRIPE_API_URL ?? 'https://api.stripe.com',
          }
        : { engine: 'sandbox' },
      mobileMoney: vars.FLUTTERWAVE_SECRET_KEY
        ? {
            engine: 'flutterwave',
            secretKey: vars.FLUTTERWAVE_SECRET_KEY,
            secretHash: vars.FLUTTERWAVE_SECRET_HASH!,
            apiUrl: vars.FLUTTERWAVE_API_URL ?? 'https://api.flutterwave.com',
          }
        : { engine: 'sandbox' },
      mobileMoneyCountryCode: vars.MOBILE_MONEY_COUNTRY_CODE ?? DEFAULT_MOBILE_MONEY_COUNTRY_CODE,
    },
    files:
      vars.FILES_STORAGE === 's3'
        ? {
            storage: 's3',
            endpoint: vars.S3_ENDPOINT,
            bucket: vars.S3_BUCKET!,
            region: vars.S3_REGION ?? 'us-east-1',
            accessKeyId: vars.S3_ACCESS_KEY_ID!,
            secretAccessKey: vars.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: vars.S3_FORCE_PATH_STYLE
              ? vars.S3_FORCE_PATH_STYLE === 'true'
              : vars.S3_ENDPOINT !== undefined,
          }
        : { storage: 'local', dir: join(dataDir, 'files') },
    thumbnails: {
      maxPixels: (vars.THUMBNAIL_MAX_MEGAPIXELS ?? 50) * 1_000_000,
      concurrency: vars.THUMBNAIL_CONCURRENCY ?? 2,
      memoryLimitBytes: (vars.THUMBNAIL_MEMORY_MB ?? 512) * 1024 * 1024,
      timeoutMs: 15_000,
      maxWaitMs: 10_000,
    },
    publicUrl: vars.PUBLIC_URL,
    support: {
      ...(vars.SUPPORT_EMAIL ? { email: vars.SUPPORT_EMAIL } : {}),
      ...(vars.SUPPORT_WHATSAPP ? { whatsapp: vars.SUPPORT_WHATSAPP } : {}),
      ...(vars.SUPPORT_PHONE ? { phone: vars.SUPPORT_PHONE } : {}),
    },
    enhancements: enhancementsConfig(vars),
    lexicon: {
      dir: vars.LEXICON_DIR ? resolve(vars.LEXICON_DIR) : join(REPO_ROOT, 'data', 'lexicon'),
      autoImport: vars.DICTIONARY_AUTO_IMPORT !== 'false',
    },
    account: { exportTtlSeconds: (vars.ACCOUNT_EXPORT_TTL_HOURS ?? 24) * 3600 },
    tempFiles: {
      maxAgeMs: tempFilesMaxAgeMs(vars),
      sweepIntervalMs: 60 * 60_000,
    },
    weather: weatherConfig(vars),
    rateLimits: {
      loginPerIp: { limit: vars.RATE_LIMIT_LOGIN_PER_IP ?? 30, windowMs: 15 * 60_000 },
      loginPerUsernameIp: { limit: 10, windowMs: 15 * 60_000 },
      loginPerUsername: { limit: 30, windowMs: 15 * 60_000, delayMs: 2000 },
      registerPerIp: { limit: vars.RATE_LIMIT_REGISTER_PER_IP ?? 30, windowMs: 60 * 60_000 },
      forgotPerIp: { limit: vars.RATE_LIMIT_FORGOT_PER_IP ?? 10, windowMs: 60 * 60_000 },
      forgotGlobal: { limit: vars.RATE_LIMIT_FORGOT_GLOBAL ?? 200, windowMs: 60 * 60_000 },
      forgotPerUsername: { limit: 5, windowMs: 60 * 60_000 },
      resetPerIp: { limit: vars.RATE_LIMIT_RESET_PER_IP ?? 30, windowMs: 60 * 60_000 },
      resetGlobal: { limit: vars.RATE_LIMIT_RESET_GLOBAL ?? 1000, windowMs: 60 * 60_000 },
      resetPerUsernameIp: { limit: 10, windowMs: 15 * 60_000 },
    },
    twoFactorLock: {
      maxFailures: vars.TWO_FACTOR_MAX_FAILURES ?? 10,
      lockMs: (vars.TWO_FACTOR_LOCK_MINUTES ?? 15) * 60_000,
    },
    trustProxy: vars.TRUST_PROXY ? parseTrustProxy(vars.TRUST_PROXY)! : ['loopback'],
    adminUsernames: (vars.ADMIN_USERNAMES ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  };
}

/** Open-Meteo by default; either URL 'off' switches the whole forecast off (no half of it works alone). */
function weatherConfig(vars: EnvironmentVariables): WeatherConfig | undefined {
  if (vars.WEATHER_API_URL === 'off' || vars.WEATHER_GEOCODING_URL === 'off') return undefined;
  return {
    forecastUrl: (vars.WEATHER_API_URL ?? 'https://api.open-meteo.com').replace(/\/+$/, ''),
    geocodingUrl: (vars.WEATHER_GEOCODING_URL ?? 'https://geocoding-api.open-meteo.com').replace(/\/+$/, ''),
    timeoutMs: vars.WEATHER_TIMEOUT_MS ?? 8000,
  };
}

/** The enhancements' engines: each provider is on when its variables are set. */
function enhancementsConfig(vars: EnvironmentVariables): EnhancementsConfig {
  const providers: SearchProviderConfig[] = [];
  if (vars.SEARXNG_URL) providers.push({ engine: 'searxng', url: vars.SEARXNG_URL });
  if (vars.GOOGLE_SEARCH_API_KEY && vars.GOOGLE_SEARCH_ENGINE_ID)
    providers.push({
      engine: 'google',
      apiKey: vars.GOOGLE_SEARCH_API_KEY,
      engineId: vars.GOOGLE_SEARCH_ENGINE_ID,
      apiUrl: vars.GOOGLE_SEARCH_API_URL ?? 'https://www.googleapis.com/customsearch/v1',
    });
  if (vars.BRAVE_SEARCH_API_KEY)
    providers.push({
      engine: 'brave',
      apiKey: vars.BRAVE_SEARCH_API_KEY,
      apiUrl: vars.BRAVE_SEARCH_API_URL ?? 'https://api.search.brave.com/res/v1/web/search',
    });
  return {
    documents: {
      tesseractBinary: vars.TESSERACT_BIN ?? '/usr/bin/tesseract',
      tesseractLanguages: vars.TESSERACT_LANGS?.split('+')
        .map((code) => code.trim())
        .filter(Boolean),
      pdftoppmBinary: vars.PDFTOPPM_BIN ?? '/usr/bin/pdftoppm',
      limits: {
        ocrMaxPages: vars.UPLOAD_OCR_MAX_PAGES ?? 50,
        timeLimitMs: (vars.UPLOAD_EXTRACTION_TIME_LIMIT_SECONDS ?? 600) * 1000,
        childMemoryBytes: (vars.UPLOAD_CHILD_MEMORY_MB ?? 1024) * 1024 * 1024,
        imageMaxPixels: (vars.UPLOAD_IMAGE_MAX_MEGAPIXELS ?? 40) * 1_000_000,
        inflatedMaxBytes: (vars.UPLOAD_DOCUMENT_MAX_INFLATED_MB ?? 100) * 1024 * 1024,
      },
    },
    search: { providers, timeoutMs: vars.SEARCH_TIMEOUT_MS ?? 8000 },
    research: {
      wikipediaApiUrl: vars.WIKIPEDIA_API_URL ?? 'https://{lang}.wikipedia.org',
      web: vars.RESEARCH_WEB !== 'off',
      fetchTimeoutMs: 10_000,
      maxPages: 4,
      allowPrivateNetwork: vars.RESEARCH_ALLOW_PRIVATE_NETWORK === 'true',
      pageParseTimeoutMs: vars.RESEARCH_PAGE_PARSE_TIMEOUT_MS ?? 5000,
    },
    googleDrive:
      vars.GOOGLE_CLIENT_ID && vars.GOOGLE_CLIENT_SECRET
        ? {
            clientId: vars.GOOGLE_CLIENT_ID,
            clientSecret: vars.GOOGLE_CLIENT_SECRET,
            authUrl: vars.GOOGLE_OAUTH_AUTH_URL ?? 'https://accounts.google.com/o/oauth2/v2/auth',
            tokenUrl: vars.GOOGLE_OAUTH_TOKEN_URL ?? 'https://oauth2.googleapis.com/token',
            driveApiUrl: vars.GOOGLE_DRIVE_API_URL ?? 'https://www.googleapis.com/drive/v3',
            publicOrigin: vars.PUBLIC_URL ?? `http://localhost:${vars.PORT ?? 3000}`,
          }
        : undefined,
  };
}
