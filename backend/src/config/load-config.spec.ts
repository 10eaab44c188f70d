import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig, sharedThreadPoolSize } from './load-config';

describe('loadConfig', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'kasa-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('runs on embedded defaults when nothing is set', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      databaseEngine: 'embedded',
      workerMode: 'inline',
      appName: 'Kasa',
      bodyLimit: '1mb',
      embeddedPgPort: 54329,
      remoteUrls: { chat: '/remotes/chat/mf-manifest.json', account: '/remotes/account/mf-manifest.json' },
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
  });

  it('generates a development JWT secret once and keeps it across starts', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(48);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(first);
  });

  it('picks the production engines from the environment', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://kasa@db:5432/kasa',
      REDIS_URL: 'redis://redis:6379',
      PORT: '8080',
      WORKER_MODE: 'off',
    });
    expect(config).toMatchObject({
      databaseEngine: 'external',
      databaseUrl: 'postgres://kasa@db:5432/kasa',
      redisUrl: 'redis://redis:6379',
      port: 8080,
      workerMode: 'off',
    });
  });

  it('treats empty variables (as docker-compose passes them) as unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' }).databaseEngine).toBe(
      'embedded',
    );
  });

  it('keeps the sign-in and sign-up rate limits unless told otherwise', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir }).rateLimits;
    expect(defaults.loginPerIp.limit).toBe(30);
    expect(defaults.registerPerIp.limit).toBe(30);
    const raised = loadConfig({
      DATA_DIR: dataDir,
      RATE_LIMIT_LOGIN_PER_IP: '500',
      RATE_LIMIT_REGISTER_PER_IP: '200',
    }).rateLimits;
    expect(raised.loginPerIp).toEqual({ limit: 500, windowMs: 15 * 60_000 });
    expect(raised.registerPerIp).toEqual({ limit: 200, windowMs: 60 * 60_000 });
    expect(() => loadConfig({ DATA_DIR: dataDir, RATE_LIMIT_REGISTER_PER_IP: 'many' })).toThrow(
      'RATE_LIMIT_REGISTER_PER_IP must be a whole number',
    );
  });

  it('locks the second factor after 10 wrong codes for 15 minutes unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).twoFactorLock).toEqual({ maxFailures: 10, lockMs: 15 * 60_000 });
    expect(
      loadConfig({ DATA_DIR: dataDir, TWO_FACTOR_MAX_FAILURES: '5', TWO_FACTOR_LOCK_MINUTES: '60' })
        .twoFactorLock,
    ).toEqual({ maxFailures: 5, lockMs: 60 * 60_000 });
    for (const [name, refused] of [
      ['TWO_FACTOR_MAX_FAILURES', '0'],
      ['TWO_FACTOR_MAX_FAILURES', 'ten'],
      ['TWO_FACTOR_LOCK_MINUTES', '0'],
      ['TWO_FACTOR_LOCK_MINUTES', '1.5'],
    ])
      expect(() => loadConfig({ DATA_DIR: dataDir, [name]: refused })).toThrow(name);
  });

  it('keeps 20 database connections unless DATABASE_POOL_SIZE says otherwise (a whole number ≥ 1)', () => {
    expect(loadConfig({ DATA_DIR: dataDir, API_PROCESSES: '1' }).databasePoolSize).toBe(20);
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_POOL_SIZE: '40' }).databasePoolSize).toBe(40);
    for (const refused of ['0', 'many', '2.5'])
      expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_POOL_SIZE: refused })).toThrow(
        'DATABASE_POOL_SIZE',
      );
  });

  it('shares the default pool out between API processes, at least 5 each; DATABASE_POOL_SIZE is per process', () => {
    const poolWith = (processes: string, size?: string) =>
      loadConfig({
        DATA_DIR: dataDir,
        API_PROCESSES: processes,
        ...(size ? { DATABASE_POOL_SIZE: size } : {}),
      }).databasePoolSize;
    expect([poolWith('2'), poolWith('3'), poolWith('8')]).toEqual([10, 7, 5]);
    expect(poolWith('2', '20')).toBe(20);
  });

  it('gives a separate process (the job worker, a CLI) the whole default pool and every core but one', () => {
    const separate = loadConfig({ DATA_DIR: dataDir, API_PROCESSES: '4' }, { role: 'separate' });
    expect(separate.databasePoolSize).toBe(20);
    expect(separate.threads.size).toBe(sharedThreadPoolSize(1, availableParallelism()));
    expect(loadConfig({ DATA_DIR: dataDir, API_PROCESSES: '4' }).databasePoolSize).toBe(5);
  });

  it('shares the cores out as worker threads: all but one alone, cores ÷ processes with several, at least 1', () => {
    expect([sharedThreadPoolSize(1, 8), sharedThreadPoolSize(1, 1)]).toEqual([7, 1]);
    expect([sharedThreadPoolSize(2, 8), sharedThreadPoolSize(4, 4), sharedThreadPoolSize(3, 2)]).toEqual([
      4, 1, 1,
    ]);
    expect(loadConfig({ DATA_DIR: dataDir, API_PROCESSES: '2', THREAD_POOL_SIZE: '3' }).threads.size).toBe(3);
  });

  it('limits password-reset codes and tries per IP address and overall, each settable', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir }).rateLimits;
    expect(defaults).toMatchObject({
      forgotPerIp: { limit: 10, windowMs: 60 * 60_000 },
      forgotGlobal: { limit: 200, windowMs: 60 * 60_000 },
      resetPerIp: { limit: 30, windowMs: 60 * 60_000 },
      resetGlobal: { limit: 1000, windowMs: 60 * 60_000 },
      loginPerUsername: { delayMs: expect.any(Number) },
    });
    const raised = loadConfig({
      DATA_DIR: dataDir,
      RATE_LIMIT_FORGOT_PER_IP: '50',
      RATE_LIMIT_FORGOT_GLOBAL: '5000',
      RATE_LIMIT_RESET_PER_IP: '60',
      RATE_LIMIT_RESET_GLOBAL: '9000',
    }).rateLimits;
    expect([raised.forgotPerIp.limit, raised.forgotGlobal.limit]).toEqual([50, 5000]);
    expect([raised.resetPerIp.limit, raised.resetGlobal.limit]).toEqual([60, 9000]);
    for (const name of [
      'RATE_LIMIT_FORGOT_PER_IP',
      'RATE_LIMIT_FORGOT_GLOBAL',
      'RATE_LIMIT_RESET_PER_IP',
      'RATE_LIMIT_RESET_GLOBAL',
    ])
      expect(() => loadConfig({ DATA_DIR: dataDir, [name]: 'lots' })).toThrow(
        `${name} must be a whole number`,
      );
  });

  it('trusts X-Forwarded-For from loopback only unless TRUST_PROXY names the proxies', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(
      loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'loopback, 172.16.0.0/12,fd00::/8' }).trustProxy,
    ).toEqual(['loopback', '172.16.0.0/12', 'fd00::/8']);
    for (const refused of ['true', 'yes', '10.0.0.0/33', 'nginx', '1, 2'])
      expect(() => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: refused })).toThrow(
        'TRUST_PROXY must be the number of proxies in front of the API',
      );
  });

  it('reads ADMIN_USERNAMES as a comma-separated list of usernames', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).adminUsernames).toEqual([]);
    expect(
      loadConfig({ DATA_DIR: dataDir, ADMIN_USERNAMES: ' Ops_Admin , root.kasa' }).adminUsernames,
    ).toEqual(['Ops_Admin', 'root.kasa']);
    expect(() => loadConfig({ DATA_DIR: dataDir, ADMIN_USERNAMES: 'ops admin' })).toThrow(
      'ADMIN_USERNAMES must be usernames (3 to 32 letters, digits, _ . or -) separated by commas',
    );
  });

  it('draws images offline unless an AI server is configured or IMAGE_ENGINE says otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).images).toEqual({ engine: 'offline', model: 'dall-e-3' });
    expect(
      loadConfig({ DATA_DIR: dataDir, OPENAI_API_KEY: 'sk-x', IMAGE_MODEL: 'gpt-image-1' }).images,
    ).toEqual({
      engine: 'openai-compatible',
      model: 'gpt-image-1',
    });
    // A chat-only server (Ollama) has no images endpoint: the offline illustrations stay.
    const ollama = {
      DATA_DIR: dataDir,
      OPENAI_BASE_URL: 'http://localhost:11434/v1',
      IMAGE_ENGINE: 'offline',
    };
    expect(loadConfig(ollama).images.engine).toBe('offline');
    expect(() => loadConfig({ DATA_DIR: dataDir, IMAGE_ENGINE: 'dalle' })).toThrow(
      /IMAGE_ENGINE must be one of/,
    );
  });

  it('speaks and transcribes offline unless an AI server is configured or TTS_ENGINE / STT_ENGINE say otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).speech).toEqual({
      ttsEngine: 'offline',
      ttsModel: 'tts-1',
      sttEngine: 'offline',
      sttModel: 'whisper-1',
      pocketsphinx: {
        binary: '/usr/bin/pocketsphinx_continuous',
        modelDir: '/usr/share/pocketsphinx/model/en-us',
      },
    });
    const faster = {
      DATA_DIR: dataDir,
      OPENAI_API_KEY: 'sk-x',
      TTS_ENGINE: 'offline',
      STT_MODEL: 'Systran/faster-whisper-small',
    };
    expect(loadConfig(faster).speech).toEqual({
      ttsEngine: 'offline',
      ttsModel: 'tts-1',
      sttEngine: 'openai-compatible',
      sttModel: 'Systran/faster-whisper-small',
      pocketsphinx: expect.anything(),
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, STT_ENGINE: 'whisper' })).toThrow(
      /STT_ENGINE must be one of/,
    );
  });

  it('finds pocketsphinx where POCKETSPHINX_BIN and POCKETSPHINX_MODEL_DIR say, absolute paths only', () => {
    const custom = loadConfig({
      DATA_DIR: dataDir,
      POCKETSPHINX_BIN: '/opt/sphinx/bin/pocketsphinx_continuous',
      POCKETSPHINX_MODEL_DIR: '/opt/sphinx/model',
    });
    expect(custom.speech.pocketsphinx).toEqual({
      binary: '/opt/sphinx/bin/pocketsphinx_continuous',
      modelDir: '/opt/sphinx/model',
    });
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir,
        POCKETSPHINX_BIN: 'pocketsphinx_continuous',
        POCKETSPHINX_MODEL_DIR: 'model',
      }),
    ).toThrow(
      /POCKETSPHINX_BIN must be an absolute path[\s\S]*POCKETSPHINX_MODEL_DIR must be an absolute path/,
    );
  });

  it('lists every invalid setting with a message naming it', () => {
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: dataDir,
        PORT: 'abc',
        REDIS_URL: 'localhost:6379',
        WORKER_MODE: 'sometimes',
        BODY_LIMIT: 'lots',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT must be a whole number');
    expect(problems).toContain('REDIS_URL must be a redis://');
    expect(problems).toContain("WORKER_MODE must be 'inline'");
    expect(problems).toContain('BODY_LIMIT must look like');
  });

  it('refuses production without DATABASE_URL and JWT_SECRET', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' })).toThrow(
      /DATABASE_URL must be a postgres:\/\/ URL \(required when NODE_ENV=production[\s\S]*JWT_SECRET must be at least 32 characters/,
    );
  });

  it('refuses production with the sandbox checkout', () => {
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        DATABASE_URL: 'postgresql://db/kasa',
        JWT_SECRET: 's'.repeat(40),
      }),
    ).toThrow(
      /STRIPE_SECRET_KEY[\s\S]*sandbox checkout is for development only[\s\S]*FLUTTERWAVE_SECRET_KEY/,
    );
  });

  it('accepts production with the database, the secret and both payment engines set', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      DATABASE_URL: 'postgresql://db/kasa',
      JWT_SECRET: 's'.repeat(40),
      STRIPE_SECRET_KEY: 'sk_live_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_PRICE_ID: 'price_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
      FLUTTERWAVE_SECRET_KEY: 'FLWSECK-abcdef',
      FLUTTERWAVE_SECRET_HASH: 'hash-abcdef',
    });
    expect(config.jwtSecret).toBe('s'.repeat(40));
    expect(config.payments.card).toMatchObject({
      engine: 'stripe',
      priceId: 'price_abc',
      apiUrl: 'https://api.stripe.com',
    });
    expect(config.payments.mobileMoney).toMatchObject({
      engine: 'flutterwave',
      apiUrl: 'https://api.flutterwave.com',
    });
  });

  it('caps heavy requests at 2 per kind and open streams at 8 per user unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).concurrency).toEqual({
      heavyRequestsPerUser: 2,
      streamsPerUser: 8,
      leaseTtlMs: 30_000,
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        CONCURRENT_HEAVY_REQUESTS_PER_USER: '4',
        CONCURRENT_STREAMS_PER_USER: '20',
      }).concurrency,
    ).toMatchObject({ heavyRequestsPerUser: 4, streamsPerUser: 20 });
    expect(() => loadConfig({ DATA_DIR: dataDir, CONCURRENT_STREAMS_PER_USER: '0' })).toThrow(
      /CONCURRENT_STREAMS_PER_USER must be a whole number between 1 and 1000/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, CONCURRENT_HEAVY_REQUESTS_PER_USER: 'two' })).toThrow(
      /CONCURRENT_HEAVY_REQUESTS_PER_USER must be a whole number between 1 and 100/,
    );
  });

  it("sends Google Drive's consent back to PUBLIC_URL, else to http://localhost:PORT; production requires PUBLIC_URL", () => {
    const google = { GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'secret' };
    expect(loadConfig({ DATA_DIR: dataDir, ...google }).enhancements.googleDrive?.publicOrigin).toBe(
      'http://localhost:3000',
    );
    expect(
      loadConfig({ DATA_DIR: dataDir, PORT: '8080', ...google }).enhancements.googleDrive?.publicOrigin,
    ).toBe('http://localhost:8080');
    expect(
      loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://kasa.example', ...google }).enhancements
        .googleDrive?.publicOrigin,
    ).toBe('https://kasa.example');
    const production = {
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      DATABASE_URL: 'postgresql://db/kasa',
      JWT_SECRET: 's'.repeat(40),
      STRIPE_SECRET_KEY: 'sk_live_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_PRICE_ID: 'price_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
      FLUTTERWAVE_SECRET_KEY: 'FLWSECK-abcdef',
      FLUTTERWAVE_SECRET_HASH: 'hash-abcdef',
    } as const;
    expect(() => loadConfig({ ...production, ...google })).toThrow(
      /PUBLIC_URL is required with GOOGLE_CLIENT_ID when NODE_ENV=production/,
    );
    expect(loadConfig(production).enhancements.googleDrive).toBeUndefined();
    expect(
      loadConfig({ ...production, ...google, PUBLIC_URL: 'https://kasa.example' }).enhancements.googleDrive
        ?.publicOrigin,
    ).toBe('https://kasa.example');
  });

  it('runs the sandbox checkout when no payment keys are set, and wants Stripe keys together', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).payments).toEqual({
      card: { engine: 'sandbox' },
      mobileMoney: { engine: 'sandbox' },
      mobileMoneyCountryCode: '237',
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      /STRIPE_WEBHOOK_SECRET must look like whsec_/,
    );
  });

  it('reads mobile money numbers with Cameroon’s calling code unless MOBILE_MONEY_COUNTRY_CODE names another', () => {
    expect(
      loadConfig({ DATA_DIR: dataDir, MOBILE_MONEY_COUNTRY_CODE: '225' }).payments.mobileMoneyCountryCode,
    ).toBe('225');
    expect(
      loadConfig({ DATA_DIR: dataDir, MOBILE_MONEY_COUNTRY_CODE: '' }).payments.mobileMoneyCountryCode,
    ).toBe('237');
    for (const wrong of ['+237', '0237', '2370', 'CM'])
      expect(() => loadConfig({ DATA_DIR: dataDir, MOBILE_MONEY_COUNTRY_CODE: wrong })).toThrow(
        /MOBILE_MONEY_COUNTRY_CODE must be a country calling code without \+, like 237/,
      );
  });

  it('gives reading a web page 5 s on a worker thread unless RESEARCH_PAGE_PARSE_TIMEOUT_MS says otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).enhancements.research.pageParseTimeoutMs).toBe(5000);
    expect(
      loadConfig({ DATA_DIR: dataDir, RESEARCH_PAGE_PARSE_TIMEOUT_MS: '800' }).enhancements.research
        .pageParseTimeoutMs,
    ).toBe(800);
    for (const refused of ['0', 'fast', '1000000'])
      expect(() => loadConfig({ DATA_DIR: dataDir, RESEARCH_PAGE_PARSE_TIMEOUT_MS: refused })).toThrow(
        'RESEARCH_PAGE_PARSE_TIMEOUT_MS',
      );
  });

  it('bounds thumbnails to 50 megapixels, 2 at once and 512 MB each unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).thumbnails).toEqual({
      maxPixels: 50_000_000,
      concurrency: 2,
      memoryLimitBytes: 512 * 1024 * 1024,
      timeoutMs: 15_000,
      maxWaitMs: 10_000,
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        THUMBNAIL_MAX_MEGAPIXELS: '100',
        THUMBNAIL_CONCURRENCY: '4',
        THUMBNAIL_MEMORY_MB: '1024',
      }).thumbnails,
    ).toMatchObject({ maxPixels: 100_000_000, concurrency: 4, memoryLimitBytes: 1024 * 1024 * 1024 });
    for (const [name, refused] of [
      ['THUMBNAIL_MAX_MEGAPIXELS', '0'],
      ['THUMBNAIL_CONCURRENCY', 'two'],
      ['THUMBNAIL_MEMORY_MB', '64'],
    ])
      expect(() => loadConfig({ DATA_DIR: dataDir, [name]: refused })).toThrow(name);
  });

  it('stores files under DATA_DIR/files unless FILES_STORAGE=s3 names a complete bucket', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).files).toEqual({
      storage: 'local',
      dir: join(dataDir, 'files'),
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        FILES_STORAGE: 's3',
        S3_ENDPOINT: 'http://minio:9000',
        S3_BUCKET: 'kasa-files',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).files,
    ).toEqual({
      storage: 's3',
      endpoint: 'http://minio:9000',
      bucket: 'kasa-files',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir, FILES_STORAGE: 's3', S3_FORCE_PATH_STYLE: 'yes' });
    } catch (caught) {
      error = caught;
    }
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('S3_BUCKET must be a bucket name');
    expect(problems).toContain('S3_ACCESS_KEY_ID is required with FILES_STORAGE=s3');
    expect(problems).toContain('S3_SECRET_ACCESS_KEY is required with FILES_STORAGE=s3');
    expect(problems).toContain("S3_FORCE_PATH_STYLE must be 'true' or 'false'");
    expect(() => loadConfig({ DATA_DIR: dataDir, FILES_STORAGE: 'ftp' })).toThrow(
      "FILES_STORAGE must be 'local'",
    );
  });

  it('sweeps temporary files older than TEMP_FILES_MAX_AGE_MINUTES, never younger than the longest job', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).tempFiles.maxAgeMs).toBe(360 * 60_000);
    expect(loadConfig({ DATA_DIR: dataDir, TEMP_FILES_MAX_AGE_MINUTES: '90' }).tempFiles.maxAgeMs).toBe(
      90 * 60_000,
    );
    // A long extraction limit lengthens the default with it.
    expect(
      loadConfig({ DATA_DIR: dataDir, UPLOAD_EXTRACTION_TIME_LIMIT_SECONDS: '36000' }).tempFiles.maxAgeMs,
    ).toBe(72_000_000);
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir,
        TEMP_FILES_MAX_AGE_MINUTES: '20',
        UPLOAD_EXTRACTION_TIME_LIMIT_SECONDS: '1800',
      }),
    ).toThrow('TEMP_FILES_MAX_AGE_MINUTES must be longer than UPLOAD_EXTRACTION_TIME_LIMIT_SECONDS');
    expect(() => loadConfig({ DATA_DIR: dataDir, TEMP_FILES_MAX_AGE_MINUTES: '5' })).toThrow(
      'TEMP_FILES_MAX_AGE_MINUTES must be between 15 and 10080',
    );
  });

  it('offers CHAT_MODEL alone, or the models of CHAT_MODELS (the first is the default the adapter sends)', () => {
    const server = { DATA_DIR: dataDir, OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' };
    const single = loadConfig({ ...server, CHAT_MODEL: 'llama3.2', CHAT_MODEL_NAME: 'Llama' });
    expect(single.chatModels).toEqual([{ id: 'llama3.2', name: 'Llama', plans: ['BASIC_PLAN', 'PRO_PLAN'] }]);
    expect(single.ai.chatModel).toBe('llama3.2');
    const several = loadConfig({
      ...server,
      CHAT_MODELS: 'llama3.2:3b|Fast|basic,pro; qwen2.5:14b|Large|pro',
    });
    expect(several.chatModels.map((model) => model.id)).toEqual(['llama3.2:3b', 'qwen2.5:14b']);
    expect(several.ai.chatModel).toBe('llama3.2:3b');
    // No server: the offline advisor is the one model, whatever CHAT_MODELS says.
    expect(loadConfig({ DATA_DIR: dataDir, CHAT_MODELS: 'a|A|basic,pro; b|B|pro' }).chatModels).toEqual([
      { id: 'offline-advisor', name: 'Kasa offline advisor', plans: ['BASIC_PLAN', 'PRO_PLAN'] },
    ]);
  });

  it('refuses at start a CHAT_MODELS whose default some plan may not use, naming the variable', () => {
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir,
        OPENAI_API_KEY: 'sk-x',
        CHAT_MODELS: 'big|Large|pro; small|Fast|basic,pro',
      }),
    ).toThrow(/CHAT_MODELS: the first model \(big\) is the default and must allow every plan/);
    expect(() => loadConfig({ DATA_DIR: dataDir, CHAT_MODEL_NAME: 'x'.repeat(41) })).toThrow(
      'CHAT_MODEL_NAME must be at most 40 characters',
    );
  });
});
