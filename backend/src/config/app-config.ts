import type { PlanId, RemoteName, SupportContacts } from '@kasa/contracts';
import type { TrustProxy } from './trust-proxy';

/** The backend's configuration after validation and defaults: the only place settings are read. */
export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  version: string;
  port: number;
  host: string;
  /** Unset: the embedded PostgreSQL is started and this is filled in before the app boots. */
  databaseUrl?: string;
  /** 'embedded' when DATABASE_URL was unset at start (Kasa runs its own PostgreSQL). */
  databaseEngine: 'embedded' | 'external';
  /**
   * DATABASE_POOL_SIZE: connections this process keeps to PostgreSQL (unset: 20 shared out between
   * the API processes). A burst of sends waits on the pool (bench/chat-send); each process and
   * instance takes this many of the server's max_connections.
   */
  databasePoolSize: number;
  /**
   * API processes sharing the port (node:cluster, backend/src/cluster/): API_PROCESSES, default one
   * per core. 1 runs the API in this process without the cluster layer.
   */
  apiProcesses: number;
  /**
   * This API process's slot among apiProcesses (0 when alone). Startup tasks that must run once
   * per deployment, not once per process, run in slot 0 only (docs/operations.md).
   */
  apiProcessIndex: number;
  /**
   * DATABASE_CONNECT_TIMEOUT_MS: how long a query waits for a connection (a new one, or a free one
   * of the pool) before failing as unavailable (503) instead of hanging while PostgreSQL is out of reach.
   */
  databaseConnectTimeoutMs: number;
  /**
   * The worker threads that parse pages, check and split documents and decode images off the
   * event loop (backend/src/worker-threads/): THREAD_POOL_SIZE threads, each with a V8 heap of
   * THREAD_MAX_MEMORY_MB; a task waits in a queue of `maxQueue` at most.
   */
  threads: { size: number; maxMemoryMb: number; maxQueue: number };
  /** Per-user caps on requests running at once (backend/src/concurrency-limits/). */
  concurrency: ConcurrencyConfig;
  redisUrl?: string;
  jwtSecret: string;
  dataDir: string;
  appName: string;
  assistantName: string;
  /** 'inline': this process also runs the BullMQ processors (embedded mode). */
  workerMode: 'inline' | 'off';
  logLevel: string;
  /** LOG_FORMAT; 'auto': pretty lines in a terminal outside production, else JSON (common/log-format.ts). */
  logFormat: 'auto' | 'pretty' | 'json';
  bodyLimit: string;
  /** Folder holding frontend-shell/ and mfe-*\/ with their dist/ builds. */
  webDistRoot: string;
  /** Where the shell loads each remote's mf-manifest.json from. */
  remoteUrls: Record<RemoteName, string>;
  embeddedPgPort: number;
  /** Namespace of the queues (Redis key prefix; PostgreSQL schema name). */
  queuePrefix: string;
  /** Real SMTP (nodemailer) when set; otherwise mail goes to the local outbox table. */
  smtpUrl?: string;
  /** Sender of every e-mail, e.g. 'Kasa <no-reply@kasa.local>'. */
  mailFrom: string;
  /** Attempts allowed per window on the auth endpoints (429 beyond). */
  rateLimits: AuthRateLimits;
  /** The second factor's lock, counted per account across every address (auth/two-factor/two-factor-lock.ts). */
  twoFactorLock: TwoFactorLockConfig;
  /** Express `trust proxy` (TRUST_PROXY): whose X-Forwarded-For gives the client address. */
  trustProxy: TrustProxy;
  /** ADMIN_USERNAMES as given (compared through normalizeUsername). */
  adminUsernames: string[];
  /** How long /api/health waits for the ping job before reporting the queue down. */
  healthQueueTimeoutMs: number;
  /** How long one queue round trip answers every /api/health call (no job per call). */
  healthQueueCacheMs: number;
  /**
   * Stalled-job recovery (backend/src/queue/worker.service.ts): a worker renews its job's lock
   * within `lockDurationMs`; every `stalledIntervalMs` workers give a job whose lock expired (its
   * worker died) back to the queue, up to `maxStalledCount` times before it fails.
   */
  jobs: { lockDurationMs: number; stalledIntervalMs: number; maxStalledCount: number };
  /** The AI providers (docs/operations.md#configuration): OpenAI-compatible when configured, else offline. */
  ai: AiConfig;
  /**
   * The chat models users may pick (CHAT_MODELS; docs/operations.md#chat-models), in the operator's
   * order. The first is the default and allows every plan; `ai.chatModel` is its id. With the
   * offline engine: the offline advisor alone.
   */
  chatModels: ChatModelConfig[];
  /** The image engine; it reaches the OpenAI-compatible server through `ai` (key, URL, timeout, retries). */
  images: ImagesConfig;
  speech: SpeechConfig;
  /** Card and mobile-money engines: real when their keys are set, else the sandbox checkout. */
  payments: PaymentsConfig;
  /** Where stored files' bytes live (FILES_STORAGE). */
  files: FilesStorageConfig;
  /** The data saver's image thumbnails (docs/operations.md#thumbnails-and-canvases). */
  thumbnails: ThumbnailsConfig;
  /** The chat enhancements' engines (docs/operations.md#configuration): uploads, search, research, Drive. */
  enhancements: EnhancementsConfig;
  /** The language tool's dictionary data (docs/operations.md#configuration). */
  lexicon: LexiconConfig;
  /** The account page's data export (docs/operations.md#configuration). */
  account: AccountConfig;
  /** Origin users reach Kasa at (PUBLIC_URL), when set; payment redirects use it. */
  publicUrl?: string;
  /** SUPPORT_EMAIL, SUPPORT_WHATSAPP, SUPPORT_PHONE, each only when set: shown to users for help. */
  support: SupportContacts;
  /** The sweep of temporary files killed processes leave (docs/operations.md#crashed-processes-and-their-files). */
  tempFiles: TempFilesConfig;
  /** The rain forecast's weather service (docs/operations.md#weather); unset when switched off. */
  weather?: WeatherConfig;
}

/** Open-Meteo or a server speaking its API (backend/src/weather/). */
export interface WeatherConfig {
  /** WEATHER_API_URL: origin of the forecast API (default https://api.open-meteo.com). */
  forecastUrl: string;
  /** WEATHER_GEOCODING_URL: origin of the place search (default https://geocoding-api.open-meteo.com). */
  geocodingUrl: string;
  /** WEATHER_TIMEOUT_MS (8000): one request to either, its answer read in full. */
  timeoutMs: number;
}

/**
 * Temporary files of our own patterns (backend/src/temp-files/) older than `maxAgeMs` are removed
 * at start and every `sweepIntervalMs`. The age is longer than any job may run
 * (UPLOAD_EXTRACTION_TIME_LIMIT_SECONDS is the longest limit), so a live job's files are never taken.
 */
export interface TempFilesConfig {
  /** TEMP_FILES_MAX_AGE_MINUTES, in ms. */
  maxAgeMs: number;
  sweepIntervalMs: number;
}

export interface LocalStorageConfig {
  storage: 'local';
  /** DATA_DIR/files */
  dir: string;
}

export interface S3StorageConfig {
  storage: 's3';
  /** Unset: AWS S3 itself. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export type FilesStorageConfig = LocalStorageConfig | S3StorageConfig;

/**
 * What one image's thumbnail may cost: an image of more pixels than its header may declare gets
 * none (ffmpeg never runs on it); ffmpeg runs `concurrency` at a time per process, each within
 * `memoryLimitBytes` of address space and `timeoutMs`; a request waits `maxWaitMs` for a turn.
 */
export interface ThumbnailsConfig {
  /** THUMBNAIL_MAX_MEGAPIXELS, in pixels. */
  maxPixels: number;
  /** THUMBNAIL_CONCURRENCY */
  concurrency: number;
  /** THUMBNAIL_MEMORY_MB, in bytes. */
  memoryLimitBytes: number;
  timeoutMs: number;
  maxWaitMs: number;
}

export interface StripeConfig {
  engine: 'stripe';
  secretKey: string;
  webhookSecret: string;
  /** The USD 4 monthly recurring price. */
  priceId: string;
  publishableKey: string;
  /** Origin of Stripe's API (tests: a loopback server). */
  apiUrl: string;
}

export interface FlutterwaveConfig {
  engine: 'flutterwave';
  secretKey: string;
  /** verif-hash of the webhooks. */
  secretHash: string;
  apiUrl: string;
}

export interface PaymentsConfig {
  card: StripeConfig | { engine: 'sandbox' };
  mobileMoney: FlutterwaveConfig | { engine: 'sandbox' };
  /** MOBILE_MONEY_COUNTRY_CODE: the calling code mobile money numbers are read with ('237'). */
  mobileMoneyCountryCode: string;
}

/** One chat model of CHAT_MODELS (or CHAT_MODEL alone). */
export interface ChatModelConfig {
  /** The provider's name of the model, sent as `model` (e.g. llama3.2:3b, gpt-4o-mini). */
  id: string;
  /** What the model picker shows. */
  name: string;
  /** The plans that may use it (the default model: every plan). */
  plans: PlanId[];
}

/** A GGUF model the chat runs in-process (LOCAL_MODEL_*; docs/operations.md#a-model-in-the-box). */
export interface LocalModelConfig {
  /** Absolute path of the .gguf file. */
  path: string;
  /** The model's id in messages (the file's name without .gguf). */
  id: string;
  /** What the model picker shows (LOCAL_MODEL_NAME, else the id). */
  name: string;
  chosenBy: 'LOCAL_MODEL_PATH' | 'DATA_DIR/models';
  /** Tokens of context each reply has (LOCAL_MODEL_CONTEXT, 4096). */
  contextSize: number;
  /** CPU threads generation uses (LOCAL_MODEL_THREADS, the cores less one, at least 1). */
  threads: number;
  /** Replies written at once (LOCAL_MODEL_PARALLEL, 1); the others wait in line. */
  parallel: number;
  /** Replies that may wait in line; one more is refused as busy (LOCAL_MODEL_QUEUE_MAX, 50). */
  queueMax: number;
  /** Longest reply in tokens (LOCAL_MODEL_MAX_TOKENS, 1024). */
  maxReplyTokens: number;
}

export interface AiConfig {
  /**
   * 'local' when LOCAL_MODEL_PATH is set (or one model sits in DATA_DIR/models and no server is
   * set), else 'openai-compatible' when OPENAI_BASE_URL or OPENAI_API_KEY is set, else 'offline'.
   */
  chatEngine: 'openai-compatible' | 'local' | 'offline';
  /** The local model, when chatEngine is 'local'. */
  localModel?: LocalModelConfig;
  /** Why no local model was chosen though files are there (several models): for the start-up log. */
  localModelNotes?: string[];
  openaiApiKey?: string;
  /** e.g. https://api.openai.com/v1 (the default), http://localhost:11434/v1 (Ollama). */
  openaiBaseUrl?: string;
  /**
   * The default chat model's provider name (the first of CHAT_MODELS, else CHAT_MODEL), e.g.
   * gpt-4o-mini, llama3.2, qwen2.5:7b: what a request without a model of its own is sent with.
   */
  chatModel: string;
  /** Longest wait for the first chunk, and between chunks, before the reply fails (ms). */
  requestTimeoutMs: number;
  /** Retries on 429 / 5xx / connection errors, only before the first chunk. */
  maxRetries: number;
  /** History sent to the model: the newest messages whose estimated tokens fit this budget. */
  chatHistoryTokenBudget: number;
}

export interface SpeechConfig {
  /** TTS_ENGINE; unset: like ai.chatEngine. 'offline' is eSpeak NG then ffmpeg. */
  ttsEngine: 'openai-compatible' | 'offline';
  /** TTS_MODEL for audio.speech, e.g. tts-1 (the default), gpt-4o-mini-tts. */
  ttsModel: string;
  /** STT_ENGINE; unset: like ai.chatEngine. 'offline' is pocketsphinx when installed. */
  sttEngine: 'openai-compatible' | 'offline';
  /** STT_MODEL for audio.transcriptions, e.g. whisper-1 (the default) or a faster-whisper model. */
  sttModel: string;
  /** POCKETSPHINX_BIN and POCKETSPHINX_MODEL_DIR: the offline engine's program and US English model. */
  pocketsphinx: { binary: string; modelDir: string };
}

export interface ImagesConfig {
  /** IMAGE_ENGINE; unset: like ai.chatEngine. 'offline' composes a labelled illustration from icons. */
  engine: 'openai-compatible' | 'offline';
  /** IMAGE_MODEL for images.generate, e.g. dall-e-3 (the default), gpt-image-1. */
  model: string;
}

export interface RateLimit {
  limit: number;
  windowMs: number;
}

/** Beyond `limit` attempts in the window, each answer waits `delayMs` instead of being refused. */
export interface SlowDown extends RateLimit {
  delayMs: number;
}

/**
 * The auth rate limits. Per-username limits never refuse the account's owner because of someone
 * else's attempts: the lockout counts one username from one address, and the count across every
 * address only slows answers down.
 */
export interface AuthRateLimits {
  loginPerIp: RateLimit;
  /** The sign-in lockout: one username from one address. */
  loginPerUsernameIp: RateLimit;
  /** One username from every address together: slowed down, never locked. */
  loginPerUsername: SlowDown;
  registerPerIp: RateLimit;
  forgotPerIp: RateLimit;
  forgotGlobal: RateLimit;
  /** Codes e-mailed to one account (each code allows 5 tries). */
  forgotPerUsername: RateLimit;
  resetPerIp: RateLimit;
  resetGlobal: RateLimit;
  resetPerUsernameIp: RateLimit;
}

export interface TwoFactorLockConfig {
  /** TWO_FACTOR_MAX_FAILURES (10): wrong codes in a row, from any address, that lock it. */
  maxFailures: number;
  /** TWO_FACTOR_LOCK_MINUTES (15), in ms: how long it stays locked unless the owner unlocks it by e-mail. */
  lockMs: number;
}

/** Text extraction of uploaded documents (PDF, DOCX, DOC, text) and OCR of images and scanned PDFs. */
export interface DocumentsConfig {
  /** TESSERACT_BIN: the OCR program (Debian tesseract-ocr); OCR says it is missing when absent. */
  tesseractBinary: string;
  /** TESSERACT_LANGS ('+'-separated); unset: every installed language of eng, fra, afr, amh, swa, tir, yor. */
  tesseractLanguages?: string[];
  /** PDFTOPPM_BIN: renders scanned PDF pages to images for OCR (Debian poppler-utils). */
  pdftoppmBinary: string;
  /** What reading one upload may cost (docs/operations.md#uploaded-documents-and-ocr). */
  limits: DocumentLimits;
}

export interface DocumentLimits {
  /** UPLOAD_OCR_MAX_PAGES (50): pages of a scanned PDF read by OCR at most. */
  ocrMaxPages: number;
  /** UPLOAD_EXTRACTION_TIME_LIMIT_SECONDS (600), in ms: all the reading of one upload. */
  timeLimitMs: number;
  /** UPLOAD_CHILD_MEMORY_MB (1024), in bytes: each program that reads an upload. */
  childMemoryBytes: number;
  /** UPLOAD_IMAGE_MAX_MEGAPIXELS (40), in pixels: larger images are not read. */
  imageMaxPixels: number;
  /** UPLOAD_DOCUMENT_MAX_INFLATED_MB (100), in bytes: a Word document's parts, inflated, together. */
  inflatedMaxBytes: number;
}

/** One web search provider; tried in the order of `providers` (SearXNG, Google, Brave). */
export type SearchProviderConfig =
  | { engine: 'searxng'; url: string }
  | { engine: 'google'; apiKey: string; engineId: string; apiUrl: string }
  | { engine: 'brave'; apiKey: string; apiUrl: string };

export interface SearchConfig {
  /** Configured providers in failover order; empty: Kasa's local index only. */
  providers: SearchProviderConfig[];
  /** How long one provider may take before the next is tried. */
  timeoutMs: number;
}

export interface ResearchConfig {
  /** WIKIPEDIA_API_URL: origin of Wikipedia's REST API; '{lang}' is replaced by the language (en, fr). */
  wikipediaApiUrl: string;
  /** RESEARCH_WEB=off: research uses the local index only (no Wikipedia, no web). */
  web: boolean;
  /** How long fetching one page may take. */
  fetchTimeoutMs: number;
  /** Pages fetched at most per research. */
  maxPages: number;
  /**
   * RESEARCH_ALLOW_PRIVATE_NETWORK=true: research may read pages on private or loopback addresses
   * (an intranet search engine, tests). Off by default: a link found on the web must not reach
   * Kasa's own network.
   */
  allowPrivateNetwork: boolean;
  /** RESEARCH_PAGE_PARSE_TIMEOUT_MS (5000): reading one page's HTML on a worker thread, waiting included. */
  pageParseTimeoutMs: number;
}

export interface ConcurrencyConfig {
  /** CONCURRENT_HEAVY_REQUESTS_PER_USER: requests of one heavy kind one user may run at once. */
  heavyRequestsPerUser: number;
  /** CONCURRENT_STREAMS_PER_USER: event streams one user may hold open at once. */
  streamsPerUser: number;
  /**
   * How long a slot is held without its process renewing it (every third of this): a process
   * that dies frees its users' slots after this long at most.
   */
  leaseTtlMs: number;
}

export interface GoogleDriveConfig {
  clientId: string;
  clientSecret: string;
  /** Google's OAuth endpoints and the Drive v3 API (tests: a loopback server). */
  authUrl: string;
  tokenUrl: string;
  driveApiUrl: string;
  /**
   * The origin Google sends the consent popup back to (its redirect_uri's origin): PUBLIC_URL, or
   * outside production without it http://localhost:PORT. Never the request's Host header.
   */
  publicOrigin: string;
}

export interface EnhancementsConfig {
  documents: DocumentsConfig;
  search: SearchConfig;
  research: ResearchConfig;
  /** Unset without GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: cloud import says it is not configured. */
  googleDrive?: GoogleDriveConfig;
}

export interface AccountConfig {
  /** ACCOUNT_EXPORT_TTL_HOURS: how long an export's ZIP and its download link last (default 24). */
  exportTtlSeconds: number;
}

export interface LexiconConfig {
  /** LEXICON_DIR: the folder with lexemes.csv, languages.csv and languages_picker.csv (default data/lexicon). */
  dir: string;
  /**
   * DICTIONARY_AUTO_IMPORT: at start, import the data in the background when the dictionary is
   * empty or older than the data (default on; tests turn it off unless they test it).
   */
  autoImport: boolean;
}
