import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Document, Packer, Paragraph } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import request from 'supertest';
import type { AuthResponse, CloudStorageFilesResponse, RuntimeConfig, UploadRecord } from '@kasa/contracts';
import { CLOCK, type Clock } from '../src/common';
import { eventually, listen, sql } from './chat-support';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { type FakeGoogleServer, startFakeGoogle } from './support/fake-google-server';
import { createTestApp, type QueueBackend, type TestApp } from './support/test-app';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const CALLBACK = '/api/enhancements/google-drive/callback';

async function textPdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage().drawText(text, { x: 50, y: 700, size: 14, font });
  return Buffer.from(await doc.save());
}

const docx = (text: string) =>
  Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph(text)] }] }));

const driveTempDirs = () => readdirSync(tmpdir()).filter((name) => name.startsWith('kasa-drive-'));

/** The Set-Cookie lines naming the consent's browser-binding cookie (kasa_drive_<nonce>). */
const bindingSetCookies = (setCookie: string | string[] | undefined) =>
  ([] as string[]).concat(setCookie ?? []).filter((line) => line.startsWith('kasa_drive_'));
/** What the browser sends back: `name=value` of the binding cookie. */
const bindingCookie = (setCookie: string | string[] | undefined) => {
  const [line] = bindingSetCookies(setCookie);
  return line?.split(';')[0];
};

describe('google drive without GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET', () => {
  const ADMIN = 'drive_off_admin';
  let ctx: TestApp;
  let user: AuthResponse;
  let admin: AuthResponse;

  beforeAll(async () => {
    ctx = await createTestApp('drive_off', {
      env: { ADMIN_USERNAMES: ADMIN },
      config: { rateLimits: GENEROUS_RATE_LIMITS },
    });
    user = await registerUser(ctx.app, { prefix: 'driveoff' });
    admin = (
      await request(ctx.app.getHttpServer())
        .post('/api/auth/register')
        .send({ username: ADMIN, password: 'secret123' })
        .expect(201)
    ).body as AuthResponse;
  });
  afterAll(() => ctx?.close());

  const everyRoute = async (who?: AuthResponse) => {
    const http = () => request(ctx.app.getHttpServer());
    const auth = who ? bearer(who) : {};
    return [
      await http().get('/api/enhancements/google-drive/auth-url').set(auth),
      await http().post('/api/enhancements/google-drive/files').set(auth).send({ code: 'x' }),
      await http().post('/api/enhancements/google-drive/download').set(auth).send({ fileId: 'abc' }),
      await http().get(`${CALLBACK}?code=x&state=y`),
    ];
  };

  it('answers 503 DRIVE_NOT_CONFIGURED on every route: "not available", no variable name for a user', async () => {
    for (const response of await everyRoute(user)) {
      expect(response.status).toBe(503);
      expect(response.body.code).toBe('DRIVE_NOT_CONFIGURED');
      expect(response.body.message).toBe('Google Drive import is not available on this server.');
      expect(response.body).not.toHaveProperty('configure');
      expect(JSON.stringify(response.body)).not.toMatch(/GOOGLE_CLIENT|https?:\/\/accounts\.google/);
    }
    await request(ctx.app.getHttpServer()).get('/api/enhancements/google-drive/auth-url').expect(401);
  });

  it('tells an administrator what to set, in `configure`; the callback (no session) never does', async () => {
    const [authUrl, files, download, callback] = await everyRoute(admin);
    for (const response of [authUrl, files, download]) {
      expect(response.status).toBe(503);
      expect(response.body.code).toBe('DRIVE_NOT_CONFIGURED');
      expect(response.body.message).toBe('Google Drive import is not available on this server.');
      expect(response.body.configure).toContain('GOOGLE_CLIENT_ID');
      expect(response.body.configure).toContain('GOOGLE_CLIENT_SECRET');
    }
    expect(callback.status).toBe(503);
    expect(JSON.stringify(callback.body)).not.toContain('GOOGLE_CLIENT');
  });

  it('says so in the runtime configuration, so the app disables the item before a tap', async () => {
    const config = (await request(ctx.app.getHttpServer()).get('/runtime-config.json').expect(200))
      .body as RuntimeConfig;
    expect(config.features).toEqual({ cloudStorage: false });
  });
});

describe.each<QueueBackend>(['postgres', 'redis'])('google drive with the queue on %s', (queue) => {
  let ctx: TestApp;
  let google: FakeGoogleServer;
  // A listening server: supertest's own would take a new port per request, and the redirect_uri
  // (this request's origin) must be the same at consent and at the code exchange.
  let base: string;
  const http = () => request(base);

  /** The dialog's first call: the consent URL, and the cookie that binds it to this browser. */
  const startConsent = async (who: AuthResponse, headers: Record<string, string> = {}) => {
    const response = await http()
      .get('/api/enhancements/google-drive/auth-url')
      .set(bearer(who))
      .set(headers)
      .expect(200);
    return { url: response.body.authUrl as string, cookie: bindingCookie(response.headers['set-cookie']) };
  };
  const authUrl = async (who: AuthResponse, headers: Record<string, string> = {}) =>
    (await startConsent(who, headers)).url;
  /** Google's redirect back, in a browser holding `cookie` (none: another browser). */
  const callback = (back: URL, cookie?: string) => {
    const call = http().get(`${back.pathname}${back.search}`);
    return cookie ? call.set('Cookie', cookie) : call;
  };

  /** The whole popup: consent URL, Google's consent, the redirect back to the callback page. */
  async function connect(who: AuthResponse, owner = who.user.id) {
    const { url, cookie } = await startConsent(who);
    const back = await google.consent(url, owner);
    const page = await callback(back, cookie);
    expect(page.text).toContain('Connected');
    expect(page.status).toBe(200);
    return page;
  }

  const listFiles = (who: AuthResponse, body: Record<string, unknown> = { code: 'demo-auth-code' }) =>
    http().post('/api/enhancements/google-drive/files').set(bearer(who)).send(body);
  const download = (who: AuthResponse, fileId: string, extra: Record<string, unknown> = {}) =>
    http()
      .post('/api/enhancements/google-drive/download')
      .set(bearer(who))
      .send({ fileId, ...extra });
  const tokenRow = async (who: AuthResponse) =>
    (
      await sql<{ access_token_encrypted: string; refresh_token_encrypted: string | null; expires_at: Date }>(
        ctx.databaseUrl,
        'SELECT access_token_encrypted, refresh_token_encrypted, expires_at FROM google_drive_tokens WHERE user_id = $1',
        [who.user.id],
      )
    )[0];

  beforeAll(async () => {
    google = await startFakeGoogle();
    ctx = await createTestApp(`drive_${queue}`, {
      queue,
      config: { rateLimits: GENEROUS_RATE_LIMITS },
      env: {
        GOOGLE_CLIENT_ID: google.clientId,
        GOOGLE_CLIENT_SECRET: google.clientSecret,
        GOOGLE_OAUTH_AUTH_URL: google.authUrl,
        GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl,
        GOOGLE_DRIVE_API_URL: google.driveApiUrl,
      },
    });
    base = await listen(ctx.app);
  });
  afterAll(async () => {
    await ctx?.close();
    await google?.close();
  });

  it('says in the runtime configuration that cloud storage can run', async () => {
    const config = (await request(ctx.app.getHttpServer()).get('/runtime-config.json').expect(200))
      .body as RuntimeConfig;
    expect(config.features).toEqual({ cloudStorage: true });
  });

  it('gives a consent URL for the code flow with drive.readonly, a signed state and the callback', async () => {
    const user = await registerUser(ctx.app, { prefix: 'drive' });
    const url = new URL(await authUrl(user));
    expect(`${url.origin}${url.pathname}`).toBe(google.authUrl);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: google.clientId,
      response_type: 'code',
      access_type: 'offline',
      prompt: 'consent',
      scope: 'https://www.googleapis.com/auth/drive.readonly',
    });
    // PUBLIC_URL is unset here: the development origin http://localhost:<PORT> (3000 by default).
    expect(url.searchParams.get('redirect_uri')).toBe(`http://localhost:3000${CALLBACK}`);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(url.searchParams.get('state')).not.toBe(new URL(await authUrl(user)).searchParams.get('state'));
    // The request's Host and the forwarded host and protocol change nothing.
    const forgeries: Array<Record<string, string>> = [
      { Host: 'evil.example' },
      { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'evil.example' },
    ];
    for (const headers of forgeries) {
      const forged = new URL(await authUrl(user, headers));
      expect(forged.searchParams.get('redirect_uri')).toBe(`http://localhost:3000${CALLBACK}`);
    }
    await http().get('/api/enhancements/google-drive/auth-url').expect(401);
  });

  it('binds the consent to the browser that asked for it: an HttpOnly, SameSite=Lax cookie on the callback path', async () => {
    const user = await registerUser(ctx.app, { prefix: 'drive' });
    const response = await http()
      .get('/api/enhancements/google-drive/auth-url')
      .set(bearer(user))
      .expect(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const [line] = bindingSetCookies(response.headers['set-cookie']);
    expect(line).toBeDefined();
    const attributes = line.split(';').map((part) => part.trim().toLowerCase());
    expect(attributes).toEqual(
      expect.arrayContaining([`path=${CALLBACK}`, 'httponly', 'samesite=lax', 'max-age=600']),
    );
    // http://localhost: no Secure (the browser would drop it); PUBLIC_URL on https adds it (below).
    expect(attributes).not.toContain('secure');
    expect(line).toMatch(/^kasa_drive_[0-9a-f]{32}=[\w-]{43};/);

    // The callback uses the cookie up: it is cleared whatever the outcome.
    const { url, cookie } = await startConsent(user);
    const page = await callback(await google.consent(url, user.user.id), cookie).expect(200);
    const [cleared] = bindingSetCookies(page.headers['set-cookie']);
    expect(cleared.split(';')[0]).toBe(`${cookie!.split('=')[0]}=`);
    expect(cleared.toLowerCase()).toContain(`path=${CALLBACK}`);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it('a consent link completed in another browser connects nothing to the account that made it', async () => {
    const attacker = await registerUser(ctx.app, { prefix: 'drive' });
    const victim = await registerUser(ctx.app, { prefix: 'drive' });
    const attackerConsent = await startConsent(attacker);
    // The victim opens the attacker's link and accepts with their own Google account, in a
    // browser without the attacker's binding cookie.
    const back = await google.consent(attackerConsent.url, victim.user.id);
    const refused = async (cookie?: string) =>
      expect((await callback(back, cookie).expect(400)).text).toContain('not valid or has expired');
    await refused();
    // Nor with a binding cookie of the victim's own, renamed or not, or an empty one.
    const victimConsent = await startConsent(victim);
    const attackerCookieName = attackerConsent.cookie!.split('=')[0];
    await refused(victimConsent.cookie);
    await refused(`${attackerCookieName}=${victimConsent.cookie!.split('=')[1]}`);
    await refused(`${attackerCookieName}=`);
    expect(await tokenRow(attacker)).toBeUndefined();
    expect(await tokenRow(victim)).toBeUndefined();
    // The victim's code was never traded.
    expect(google.tokenCalls.some((call) => call.code === back.searchParams.get('code'))).toBe(false);
    expect((await listFiles(attacker, {}).expect(409)).body.code).toBe('DRIVE_NOT_CONNECTED');

    // The browser that asked for the link completes it.
    const own = await google.consent(attackerConsent.url, attacker.user.id);
    await callback(own, attackerConsent.cookie).expect(200);
    expect(await tokenRow(attacker)).toBeDefined();
  });

  it('the callback stores the grant encrypted and answers the closing page, once per state', async () => {
    const user = await registerUser(ctx.app, { prefix: 'drive' });
    const { url, cookie } = await startConsent(user);
    const back = await google.consent(url, user.user.id);
    const page = await callback(back, cookie).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('Connected — you can close this window');
    expect(page.text).toContain('Connecté — vous pouvez fermer cette fenêtre');
    expect(page.text).toContain('window.close()');
    expect(page.text).not.toMatch(/<script[^>]+src=/);
    const scriptSrc = (page.headers['content-security-policy'] as string)
      .split(';')
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith('script-src'));
    expect(scriptSrc).toMatch(/^script-src 'sha256-[A-Za-z0-9+/=]+'$/);

    const row = await tokenRow(user);
    const [access] = google.accessTokensOf(user.user.id);
    expect(row.access_token_encrypted).toMatch(/^v1\./);
    expect(row.access_token_encrypted).not.toContain(access);
    expect(row.access_token_encrypted).not.toContain(Buffer.from(access).toString('base64url'));
    expect(row.refresh_token_encrypted).toMatch(/^v1\./);
    const [refresh] = google.refreshTokensOf(user.user.id);
    expect(refresh).toBeDefined();
    expect(row.refresh_token_encrypted).not.toContain(refresh);
    expect(row.refresh_token_encrypted).not.toContain(Buffer.from(refresh).toString('base64url'));
    expect(row.expires_at.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);

    // The same state again (a replayed redirect): refused.
    const replay = await callback(back, cookie).expect(400);
    expect(replay.text).toContain('not valid or has expired');
  });

  it('refuses a denied consent, a forged or missing state and an expired one with a 400 page', async () => {
    const alice = await registerUser(ctx.app, { prefix: 'drive' });
    const bob = await registerUser(ctx.app, { prefix: 'drive' });
    const deniedConsent = await startConsent(alice);
    const denied = await google.consent(deniedConsent.url, alice.user.id, 'deny');
    const deniedPage = await callback(denied, deniedConsent.cookie).expect(400);
    expect(deniedPage.text).toContain('access was denied');

    // Alice's state re-signed... cannot be: swapping in Bob's id breaks the signature.
    const aliceConsent = await startConsent(alice);
    const back = await google.consent(aliceConsent.url, bob.user.id);
    const state = back.searchParams.get('state')!;
    const [payload, signature] = state.split('.');
    const forgedPayload = Buffer.from(
      Buffer.from(payload, 'base64url').toString('utf8').replace(alice.user.id, bob.user.id),
    ).toString('base64url');
    for (const bad of [
      `${forgedPayload}.${signature}`,
      `${payload}.${signature.slice(1)}x`,
      'nonsense',
      '',
    ]) {
      back.searchParams.set('state', bad);
      const page = await callback(back, aliceConsent.cookie).expect(400);
      expect(page.text).toContain('not valid or has expired');
    }
    back.searchParams.delete('state');
    await callback(back, aliceConsent.cookie).expect(400);
    expect(await tokenRow(alice)).toBeUndefined();
    expect(await tokenRow(bob)).toBeUndefined();

    // Ten minutes later a state no longer works.
    const lateConsent = await startConsent(alice);
    const late = await google.consent(lateConsent.url, alice.user.id);
    const clock = ctx.app.get<Clock>(CLOCK);
    const realNow = clock.now;
    clock.now = () => new Date(Date.now() + 11 * 60_000);
    try {
      await callback(late, lateConsent.cookie).expect(400);
    } finally {
      clock.now = realNow;
    }
    expect(await tokenRow(alice)).toBeUndefined();
  });

  it('lists the files of the connected Drive; without a grant, asks to connect first (409)', async () => {
    const user = await registerUser(ctx.app, { prefix: 'drive' });
    const stranger = await registerUser(ctx.app, { prefix: 'drive' });
    google.files.push(
      {
        id: `pdf-${user.user.id}`,
        name: 'Maize yields.pdf',
        mimeType: 'application/pdf',
        modifiedTime: '2026-11-20T10:00:00.000Z',
        content: await textPdf('Maize yields in the West region'),
        owner: user.user.id,
      },
      {
        id: `doc-${user.user.id}`,
        name: 'Planting notes',
        mimeType: 'application/vnd.google-apps.document',
        modifiedTime: '2026-11-21T10:00:00.000Z',
        exports: { [DOCX_TYPE]: await docx('Plant cassava after the first rains') },
        owner: user.user.id,
      },
    );
    const notYet = await listFiles(user).expect(409);
    expect(notYet.body).toMatchObject({
      code: 'DRIVE_NOT_CONNECTED',
      message: 'Connect Google Drive first.',
    });
    await listFiles(user, {}).expect(409);

    await connect(user);
    const listed = (await listFiles(user).expect(200)).body as CloudStorageFilesResponse;
    expect(listed.success).toBe(true);
    expect(listed.files).toEqual(
      expect.arrayContaining([
        {
          id: `pdf-${user.user.id}`,
          name: 'Maize yields.pdf',
          mimeType: 'application/pdf',
          size: expect.any(Number),
          modifiedTime: '2026-11-20T10:00:00.000Z',
          webViewLink: `https://drive.google.com/file/d/pdf-${user.user.id}/view`,
        },
        expect.objectContaining({ id: `doc-${user.user.id}`, size: null }),
      ]),
    );
    expect(listed.files).toHaveLength(2);
    // The placeholder code is ignored: only the callback trades codes.
    expect(google.tokenCalls.some((call) => call.code === 'demo-auth-code')).toBe(false);
    const call = google.driveCalls.at(-1)!;
    const query = new URL(call.path, 'http://x').searchParams;
    expect(query.get('pageSize')).toBe('50');
    expect(query.get('orderBy')).toBe('modifiedTime desc');
    expect(query.get('q')).toContain('trashed=false');
    expect(query.get('fields')).toBe('files(id,name,mimeType,size,modifiedTime,webViewLink)');
    expect(google.accessTokensOf(user.user.id)).toContain(call.token);

    // Another user sees nothing of it, and has no grant to borrow.
    expect((await listFiles(stranger).expect(409)).body.code).toBe('DRIVE_NOT_CONNECTED');
    expect((await download(stranger, `pdf-${user.user.id}`).expect(409)).body.code).toBe(
      'DRIVE_NOT_CONNECTED',
    );
    await connect(stranger);
    expect(((await listFiles(stranger).expect(200)).body as CloudStorageFilesResponse).files).toEqual([]);
    expect((await download(stranger, `pdf-${user.user.id}`).expect(404)).body.code).toBe(
      'DRIVE_FILE_NOT_FOUND',
    );
  });

  it('a code posted to /files connects nothing: codes are traded only by the state-checked callback', async () => {
    const user = await registerUser(ctx.app, { prefix: 'drive' });
    const back = await google.consent(await authUrl(user), user.user.id);
    const code = back.searchParams.get('code');
    const answer = await listFiles(user, { code }).expect(409);
    expect(answer.body.code).toBe('DRIVE_NOT_CONNECTED');
    expect(await tokenRow(user)).toBeUndefined();
    expect(google.tokenCalls.some((call) => call.code === code)).toBe(false);
  });

  it('refreshes an expired access token with the refresh token, and after a 401', async () => {
    const user = await registerUser(ctx.app, { prefix: 'drive' });
    await connect(user);
    const before = await tokenRow(user);
    const refreshes = () => google.tokenCalls.filter((call) => call.grant_type === 'refresh_token').length;
    const start = refreshes();

    const clock = ctx.app.get<Clock>(CLOCK);
    const realNow = clock.now;
    clock.now = () => new Date(Date.now() + 2 * 60 * 60_000);
    try {
      await listFiles(user, {}).expect(200);
    } finally {
      clock.now = realNow;
    }
    expect(refreshes()).toBe(start + 1);
    const after = await tokenRow(user);
    expect(after.access_token_encrypted).not.toBe(before.access_token_encrypted);
    expect(after.refresh_token_encrypted).toBe(before.refresh_token_encrypted);
    expect(after.expires_at.getTime()).toBeGreaterThan(before.expires_at.getTime());
    const newest = google.accessTokensOf(user.user.id).at(-1)!;
    expect(google.driveCalls.at(-1)!.token).toBe(newest);

    // Revoked early (Drive answers 401): refreshed once, then the call goes through.
    google.revokeAccessTokens();
    await listFiles(user, {}).expect(200);
    expect(refreshes()).toBe(start + 2);

    // The whole grant revoked: the refresh answers invalid_grant, the grant is forgotten.
    google.revokeAll();
    const revoked = await listFiles(user, {}).expect(409);
    expect(revoked.body.code).toBe('DRIVE_ACCESS_REVOKED');
    expect(await tokenRow(user)).toBeUndefined();
    expect((await listFiles(user, {}).expect(409)).body.code).toBe('DRIVE_NOT_CONNECTED');
  });

  it('imports a PDF and a Google Doc (exported to DOCX) as uploads whose text is read', async () => {
    const user = await registerUser(ctx.app, { prefix: 'drive' });
    google.files.push(
      {
        id: `pdf2-${user.user.id}`,
        name: 'Soil report.pdf',
        mimeType: 'application/pdf',
        modifiedTime: '2026-11-20T10:00:00.000Z',
        content: await textPdf('Soil acidity report for Bamenda'),
        owner: user.user.id,
      },
      {
        id: `doc2-${user.user.id}`,
        name: 'Market prices',
        mimeType: 'application/vnd.google-apps.document',
        modifiedTime: '2026-11-21T10:00:00.000Z',
        exports: { [DOCX_TYPE]: await docx('Tomato prices rose in Douala market') },
        owner: user.user.id,
      },
      {
        id: `form-${user.user.id}`,
        name: 'Survey',
        mimeType: 'application/vnd.google-apps.form',
        modifiedTime: '2026-11-21T10:00:00.000Z',
        owner: user.user.id,
      },
      {
        id: `huge-${user.user.id}`,
        name: 'Huge sheet',
        mimeType: 'application/vnd.google-apps.spreadsheet',
        modifiedTime: '2026-11-21T10:00:00.000Z',
        exports: { 'text/csv': Buffer.alloc(50 * 1024 * 1024 + 10, 0x61) },
        owner: user.user.id,
      },
    );
    await connect(user);
    const sent = await http().post('/api/chat').set(bearer(user)).send({ message: 'Hello' }).expect(200);
    const conversationId = /"conversationId":"([^"]+)"/.exec(sent.text)![1];

    const pdf = (await download(user, `pdf2-${user.user.id}`, { conversationId }).expect(200)).body as {
      success: true;
      upload: UploadRecord;
    };
    expect(pdf.success).toBe(true);
    expect(pdf.upload).toMatchObject({ originalName: 'Soil report.pdf', mimeType: 'application/pdf' });

    const doc = (await download(user, `doc2-${user.user.id}`).expect(200)).body as { upload: UploadRecord };
    expect(doc.upload).toMatchObject({ originalName: 'Market prices.docx', mimeType: DOCX_TYPE });
    expect(
      google.driveCalls.some((call) =>
        call.path.includes(`/export?mimeType=${encodeURIComponent(DOCX_TYPE)}`),
      ),
    ).toBe(true);

    const rows = await sql<{ origin: string; conversation_id: string | null; original_name: string }>(
      ctx.databaseUrl,
      'SELECT origin, conversation_id, original_name FROM uploads WHERE user_id = $1 ORDER BY created_at',
      [user.user.id],
    );
    expect(rows).toEqual([
      { origin: 'google-drive', conversation_id: conversationId, original_name: 'Soil report.pdf' },
      { origin: 'google-drive', conversation_id: null, original_name: 'Market prices.docx' },
    ]);
    const done = await eventually(async () => {
      const record = (await http().get(`/api/enhancements/uploads/${doc.upload.id}`).set(bearer(user)))
        .body as UploadRecord;
      return record.extraction.status === 'done' ? record : undefined;
    });
    expect(done.extraction.characters).toBeGreaterThan(10);

    const form = await download(user, `form-${user.user.id}`).expect(415);
    expect(form.body).toMatchObject({ code: 'DRIVE_FILE_UNSUPPORTED' });
    const huge = await download(user, `huge-${user.user.id}`).expect(413);
    expect(huge.body).toMatchObject({
      code: 'UPLOAD_TOO_LARGE',
      message: 'File too large: Huge sheet.csv. Maximum size is 50MB.',
    });
    const missing = await download(user, 'no-such-file').expect(404);
    expect(missing.body.code).toBe('DRIVE_FILE_NOT_FOUND');
    await download(user, '../../etc/passwd').expect(400);
    const foreign = await download(user, `pdf2-${user.user.id}`, { conversationId: crypto.randomUUID() });
    expect(foreign.status).toBe(404);
    expect(driveTempDirs()).toEqual([]);
  });
});

describe('google drive behind PUBLIC_URL', () => {
  let ctx: TestApp;
  let google: FakeGoogleServer;

  beforeAll(async () => {
    google = await startFakeGoogle();
    ctx = await createTestApp('drive_public_url', {
      config: { rateLimits: GENEROUS_RATE_LIMITS },
      env: {
        PUBLIC_URL: 'https://kasa.example',
        GOOGLE_CLIENT_ID: google.clientId,
        GOOGLE_CLIENT_SECRET: google.clientSecret,
        GOOGLE_OAUTH_AUTH_URL: google.authUrl,
        GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl,
        GOOGLE_DRIVE_API_URL: google.driveApiUrl,
      },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await google?.close();
  });

  it('sends Google back to PUBLIC_URL whatever the Host, with a Secure binding cookie, and connects', async () => {
    const user = await registerUser(ctx.app, { prefix: 'drivepub' });
    const forgeries: Array<Record<string, string>> = [
      {},
      { Host: 'evil.example' },
      { 'X-Forwarded-Proto': 'http', 'X-Forwarded-Host': 'evil.example' },
    ];
    for (const headers of forgeries) {
      const response = await request(ctx.app.getHttpServer())
        .get('/api/enhancements/google-drive/auth-url')
        .set(bearer(user))
        .set(headers)
        .expect(200);
      const url = new URL(response.body.authUrl as string);
      expect(url.searchParams.get('redirect_uri')).toBe(`https://kasa.example${CALLBACK}`);
      const [line] = bindingSetCookies(response.headers['set-cookie']);
      expect(line.split(';').map((part) => part.trim().toLowerCase())).toContain('secure');
    }

    const response = await request(ctx.app.getHttpServer())
      .get('/api/enhancements/google-drive/auth-url')
      .set(bearer(user))
      .expect(200);
    const back = await google.consent(response.body.authUrl as string, user.user.id);
    expect(back.origin).toBe('https://kasa.example');
    await request(ctx.app.getHttpServer())
      .get(`${back.pathname}${back.search}`)
      .set('Cookie', bindingCookie(response.headers['set-cookie'])!)
      .expect(200);
    // The code was traded with the same redirect_uri Google was given.
    expect(google.tokenCalls.at(-1)).toMatchObject({
      grant_type: 'authorization_code',
      redirect_uri: `https://kasa.example${CALLBACK}`,
    });
  });
});
