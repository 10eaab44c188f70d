import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { RuntimeConfig } from '@kasa/contracts';
import { createTestApp, type TestApp } from './support/test-app';

const THEME_BOOT_SCRIPT = "document.documentElement.dataset.theme='mono'";

/** A minimal production build layout (what rspack writes), so serving is tested on known files. */
function writeBuild(root: string): void {
  const shell = join(root, 'frontend-shell', 'dist');
  const chat = join(root, 'mfe-chat', 'dist');
  mkdirSync(shell, { recursive: true });
  mkdirSync(chat, { recursive: true });
  writeFileSync(
    join(shell, 'index.html'),
    `<!doctype html><title>Kasa shell</title><script>${THEME_BOOT_SCRIPT}</script><div id="root"></div>`,
  );
  writeFileSync(join(shell, 'main.0123456789.js'), `console.log(${JSON.stringify('kasa '.repeat(2000))});`);
  writeFileSync(join(chat, 'mf-manifest.json'), '{"id":"mfe_chat"}');
  writeFileSync(join(chat, 'remoteEntry.js'), 'var mfe_chat;');
  // The PWA files as the shell's build writes them (the manifest is the real template).
  copyFileSync(join(__dirname, '../../frontend-shell/public/manifest.json'), join(shell, 'manifest.json'));
  writeFileSync(join(shell, 'service-worker.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(shell, 'offline.html'), '<!doctype html><title>Offline</title><h1>You are offline</h1>');
  // A stray file where an API route lives: the API must still answer (files are never looked up for /api).
  mkdirSync(join(shell, 'api'));
  writeFileSync(join(shell, 'api', 'health'), 'a file, not the API');
}

describe('serving the frontends from the API port', () => {
  let webRoot: string;
  let ctx: TestApp;
  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'kasa-web-'));
    writeBuild(webRoot);
    ctx = await createTestApp('web', {
      env: {
        WEB_DIST_ROOT: webRoot,
        APP_NAME: 'Kasa Test',
        REMOTE_URL_BILLING: 'https://billing.example.org/mf-manifest.json',
        SUPPORT_EMAIL: 'help@kasa.example',
        SUPPORT_WHATSAPP: '+237677123456',
      },
    });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('serves the shell at / without caching it', async () => {
    const response = await request(ctx.app.getHttpServer()).get('/').expect(200);
    expect(response.text).toContain('Kasa shell');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('inlines the runtime configuration into the shell page (no extra round trip), escaped', async () => {
    const response = await request(ctx.app.getHttpServer()).get('/legal/terms').expect(200);
    const match = /<script id="kasa-runtime-config" type="application\/json">(.*?)<\/script>/.exec(
      response.text,
    );
    expect(match).not.toBeNull();
    const inline = JSON.parse(match![1]) as RuntimeConfig;
    const served = (await request(ctx.app.getHttpServer()).get('/runtime-config.json')).body as RuntimeConfig;
    expect(inline).toEqual(served);
    expect(inline.appName).toBe('Kasa Test');
    expect(inline.support.email).toBe('help@kasa.example');
    // Still one cacheable page: validators let a phone revalidate it cheaply.
    expect(response.headers.etag).toBeTruthy();
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/chat', '/ai-studio', '/legal/terms', '/some/unknown/route'])(
    'answers the client-side route %s with the shell',
    async (path) => {
      const response = await request(ctx.app.getHttpServer()).get(path).expect(200);
      expect(response.text).toContain('Kasa shell');
    },
  );

  it('caches content-hashed assets for a year and compresses them', async () => {
    const response = await request(ctx.app.getHttpServer())
      .get('/main.0123456789.js')
      .set('Accept-Encoding', 'gzip')
      .expect(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('serves each remote under /remotes/<name>/, its manifest and entry revalidated', async () => {
    const manifest = await request(ctx.app.getHttpServer()).get('/remotes/chat/mf-manifest.json').expect(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const entry = await request(ctx.app.getHttpServer()).get('/remotes/chat/remoteEntry.js').expect(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
  });

  it('answers /api/* from the API only, never from the disk', async () => {
    const health = await request(ctx.app.getHttpServer()).get('/api/health').expect(200);
    expect(health.headers['content-type']).toMatch(/json/);
    expect(health.text).not.toContain('a file');
  });

  it('answers missing files with a JSON 404, not the shell', async () => {
    const missingRemote = await request(ctx.app.getHttpServer())
      .get('/remotes/studio/mf-manifest.json')
      .expect(404);
    expect(missingRemote.headers['content-type']).toMatch(/json/);
    await request(ctx.app.getHttpServer()).get('/missing.0123456789.js').expect(404);
  });

  it('publishes the runtime config: names, where each remote lives, the payment engines, the support contacts', async () => {
    const response = await request(ctx.app.getHttpServer()).get('/runtime-config.json').expect(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body as RuntimeConfig).toEqual({
      appName: 'Kasa Test',
      assistantName: 'Kasa',
      remotes: {
        chat: '/remotes/chat/mf-manifest.json',
        studio: '/remotes/studio/mf-manifest.json',
        billing: 'https://billing.example.org/mf-manifest.json',
        account: '/remotes/account/mf-manifest.json',
      },
      payments: {
        card: 'sandbox',
        mobileMoney: 'sandbox',
        mobileMoneyCountryCode: '237',
        mobileMoneyNetworks: ['MTN', 'ORANGE'],
      },
      // No GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET: the plus menu marks cloud storage unavailable.
      features: { cloudStorage: false },
      // SUPPORT_PHONE is not set: no phone.
      support: { email: 'help@kasa.example', whatsapp: '+237677123456' },
    });
  });

  it('serves the web app manifest with the configured name, as a manifest, revalidated', async () => {
    const response = await request(ctx.app.getHttpServer()).get('/manifest.json').expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe('no-cache');
    const manifest = JSON.parse(response.text);
    expect(manifest).toMatchObject({
      name: 'Kasa Test',
      short_name: 'Kasa Test',
      start_url: '/chat',
      scope: '/',
      display: 'standalone',
      theme_color: '#ffd60a',
    });
    expect(manifest.description).toMatch(/^Kasa Test: /);
    // Unchanged: answered 304 from its ETag.
    await request(ctx.app.getHttpServer())
      .get('/manifest.json')
      .set('If-None-Match', response.headers['etag'])
      .expect(304);
  });

  it('serves the service worker and the offline page without long caching', async () => {
    const worker = await request(ctx.app.getHttpServer()).get('/service-worker.js').expect(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-type']).toMatch(/javascript/);
    const offline = await request(ctx.app.getHttpServer()).get('/offline.html').expect(200);
    expect(offline.headers['cache-control']).toBe('no-cache');
    expect(offline.text).toContain('You are offline');
  });

  it("allows the shell's own inline script by its hash, and no other inline script (CSP)", async () => {
    const response = await request(ctx.app.getHttpServer()).get('/').expect(200);
    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    const hash = createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64');
    expect(scriptSrc).toContain(`'sha256-${hash}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
  });

  it('lets the page register its service worker and read its manifest (CSP)', async () => {
    const response = await request(ctx.app.getHttpServer()).get('/');
    expect(response.headers['content-security-policy']).toContain("worker-src 'self'");
    expect(response.headers['content-security-policy']).toContain("manifest-src 'self'");
  });

  it('lets the page load code from a remote deployed on another origin (CSP)', async () => {
    const response = await request(ctx.app.getHttpServer()).get('/');
    expect(response.headers['content-security-policy']).toMatch(
      /script-src 'self'[^;]* https:\/\/billing\.example\.org/,
    );
  });
});

describe('before the frontends are built', () => {
  let ctx: TestApp;
  let emptyRoot: string;
  beforeAll(async () => {
    emptyRoot = mkdtempSync(join(tmpdir(), 'kasa-web-empty-'));
    ctx = await createTestApp('web_unbuilt', { env: { WEB_DIST_ROOT: emptyRoot } });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(emptyRoot, { recursive: true, force: true });
  });

  it('says so with a 503 page instead of a blank screen', async () => {
    const response = await request(ctx.app.getHttpServer()).get('/chat').expect(503);
    expect(response.text).toContain("Kasa's web app is not built yet");
  });

  it('answers /manifest.json with a JSON 404', async () => {
    const response = await request(ctx.app.getHttpServer()).get('/manifest.json').expect(404);
    expect(response.headers['content-type']).toMatch(/json/);
  });

  it('still serves the API', async () => {
    await request(ctx.app.getHttpServer()).get('/api/health').expect(200);
  });
});
