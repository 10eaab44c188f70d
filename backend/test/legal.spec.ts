import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { ApiErrorBody, CookiePreferencesResponse, LegalPageResponse } from '@kasa/contracts';
import { createTestApp, type TestApp } from './support/test-app';

const pages: Array<[type: string, title: string, mustContain: string[]]> = [
  [
    'terms',
    'Terms of Use',
    [
      '# Acceptable use',
      'USD 4 per month',
      'XAF 2,500 for 30 days',
      // The language tool's open data is credited as CC BY 4.0 requires.
      '# Open language data',
      'CC BY 4.0',
      'Glottolog 5.1',
      'Polyglotta Africana',
      'ASJP',
    ],
  ],
  [
    'privacy',
    'Privacy Policy',
    [
      'argon2id hash',
      'Conversations and messages',
      'Usage counters',
      'Stripe',
      'Flutterwave',
      'Export Data',
      'JSON',
      'download a ZIP file',
      '**Delete account** on the Account page',
      '4. **Choose your e-mails**',
      '5. **Object**',
      '6. **Complain**',
    ],
  ],
  ['cookies', 'Cookie Policy', ['**Necessary**', '**Analytics**', '**Marketing**', '**Preferences**']],
  ['fair_use', 'Fair Use Policy', ['# Monthly limits', 'calendar month (UTC)']],
  [
    'pricing',
    'Pricing',
    [
      '**Basic: free**',
      '- 50 messages per month',
      '- 5 media generations per month',
      '- 10 voice minutes per month',
      '- 5 audio/file uploads per month',
      '- 20 web searches per month',
      '- 2,000 messages per month',
      '- 200 media generations per month',
      '- 300 voice minutes per month',
      '- 500 audio/file uploads per month',
      '- Unlimited web searches',
      'USD 4 per month by card',
      'XAF 2,500',
      'Support: priority WhatsApp/phone',
    ],
  ],
];

function expectError(body: ApiErrorBody, statusCode: number, path: string) {
  expect(body).toEqual(
    expect.objectContaining({
      statusCode,
      error: expect.any(String),
      message: expect.any(String),
      path,
      requestId: expect.stringMatching(/.+/),
      timestamp: expect.any(String),
    }),
  );
}

describe('legal pages and cookie preferences', () => {
  let ctx: TestApp;
  const http = () => request(ctx.app.getHttpServer());
  beforeAll(async () => {
    ctx = await createTestApp('legal', { env: { APP_NAME: 'Kasa', ASSISTANT_NAME: 'Kasa' } });
  });
  afterAll(() => ctx.close());

  describe('GET /api/legal/pages/:type', () => {
    it.each(pages)('%s: answers its seeded page', async (type, title, mustContain) => {
      const response = await http().get(`/api/legal/pages/${type}`).expect(200);
      const body = response.body as LegalPageResponse;
      expect(Object.keys(body).sort()).toEqual(['content', 'effectiveDate', 'title', 'version']);
      expect(body.title).toBe(title);
      // The Terms gained the open language data section, the Privacy Policy the account page (1.1).
      const revised = type === 'terms' || type === 'privacy';
      expect(body.version).toBe(revised ? '1.1' : '1.0');
      expect(body.effectiveDate).toBe(revised ? '2026-11-24' : '2026-11-23');
      expect(body.content.length).toBeGreaterThan(1000);
      for (const text of mustContain) expect(body.content).toContain(text);
      expect(body.content).toContain('Kasa');
      expect(body.content).not.toContain('{{');
    });

    it('fills in the configured APP_NAME', async () => {
      const other = await createTestApp('legal_name', {
        env: { APP_NAME: 'Shamba', ASSISTANT_NAME: 'Mkulima' },
      });
      try {
        const response = await request(other.app.getHttpServer()).get('/api/legal/pages/terms').expect(200);
        expect(response.body.content).toContain('These Terms of Use govern your use of Shamba');
        expect(response.body.content).toContain('the assistant Mkulima');
        expect(response.body.content).not.toContain('Kasa');
      } finally {
        await other.close();
      }
    });

    it("accepts the route slug 'fair-use' for 'fair_use'", async () => {
      const response = await http().get('/api/legal/pages/fair-use').expect(200);
      expect(response.body.title).toBe('Fair Use Policy');
    });

    it('unknown page: JSON 404 with a readable message', async () => {
      const response = await http().get('/api/legal/pages/refunds').expect(404);
      expectError(response.body, 404, '/api/legal/pages/refunds');
      expect(response.body.error).toBe('Not Found');
      expect(response.body.code).toBe('LEGAL_PAGE_NOT_FOUND');
      expect(response.body.message).toBe(
        "There is no legal page 'refunds'. Pages: terms, privacy, cookies, fair_use, pricing.",
      );
    });

    it.each(['TERMS', 'terms1', '%3Cscript%3E', 'a'.repeat(33)])('malformed type %s: 400', async (type) => {
      const response = await http().get(`/api/legal/pages/${type}`).expect(400);
      expect(response.body.statusCode).toBe(400);
      expect(response.body.details.length).toBeGreaterThan(0);
    });
  });

  describe('cookie preferences', () => {
    const body = (sessionId: string, flags: Partial<Record<string, unknown>> = {}) => ({
      sessionId,
      necessary: true,
      analytics: false,
      marketing: true,
      preferences: false,
      ...flags,
    });

    it('POST then GET ?type=session round-trips the flags', async () => {
      const sessionId = randomUUID();
      const saved = await http().post('/api/legal/cookie-preferences').send(body(sessionId)).expect(200);
      expect(saved.headers['content-type']).toMatch(/application\/json/);
      expect(saved.body).toEqual({
        sessionId,
        necessary: true,
        analytics: false,
        marketing: true,
        preferences: false,
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      } satisfies Record<keyof CookiePreferencesResponse, unknown>);

      const read = await http().get(`/api/legal/cookie-preferences/${sessionId}?type=session`).expect(200);
      expect(read.body).toEqual(saved.body);
    });

    it('POST again with the same sessionId replaces the choice', async () => {
      const sessionId = randomUUID();
      await http().post('/api/legal/cookie-preferences').send(body(sessionId)).expect(200);
      const all = { analytics: true, marketing: true, preferences: true };
      const updated = await http()
        .post('/api/legal/cookie-preferences')
        .send(body(sessionId, all))
        .expect(200);
      expect(updated.body).toMatchObject({ sessionId, necessary: true, ...all });
      const read = await http().get(`/api/legal/cookie-preferences/${sessionId}?type=session`).expect(200);
      expect(read.body).toMatchObject({ sessionId, necessary: true, ...all });
    });

    it('GET for a session that saved nothing: 200 with JSON null ("nothing")', async () => {
      const response = await http()
        .get(`/api/legal/cookie-preferences/${randomUUID()}?type=session`)
        .expect(200);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.text).toBe('null');
    });

    it('GET works without ?type, and refuses another type', async () => {
      await http().get(`/api/legal/cookie-preferences/${randomUUID()}`).expect(200);
      const response = await http()
        .get(`/api/legal/cookie-preferences/${randomUUID()}?type=user`)
        .expect(400);
      expect(response.body.details).toContain("type must be 'session'");
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['unknown field', { ...body(randomUUID()), admin: true }, 'property admin should not exist'],
      ['string flag', body(randomUUID(), { analytics: 'yes' }), 'analytics must be true or false'],
      ['number flag', body(randomUUID(), { marketing: 1 }), 'marketing must be true or false'],
      [
        'missing flag',
        { sessionId: randomUUID(), necessary: true, analytics: true, marketing: true },
        'preferences is required',
      ],
      [
        'necessary false',
        body(randomUUID(), { necessary: false }),
        'necessary cookies cannot be turned off: necessary must be true',
      ],
      [
        'overlong sessionId',
        body('a'.repeat(65)),
        'sessionId must be 8 to 64 characters: letters, digits, "-" or "_"',
      ],
      ['short sessionId', body('abc'), 'sessionId must be 8 to 64 characters: letters, digits, "-" or "_"'],
      [
        'bad characters',
        body('../../etc/passwd'),
        'sessionId must be 8 to 64 characters: letters, digits, "-" or "_"',
      ],
      ['numeric sessionId', body(12345678 as unknown as string), 'sessionId must be a string'],
    ])('POST with %s: 400 naming the problem', async (_label, payload, detail) => {
      const response = await http().post('/api/legal/cookie-preferences').send(payload).expect(400);
      expectError(response.body, 400, '/api/legal/cookie-preferences');
      expect(response.body.details).toContain(detail);
      expect(response.body.details).toContain(response.body.message);
    });

    it('POST with a JSON array or no body: 400, never 500', async () => {
      await http().post('/api/legal/cookie-preferences').send([1, 2]).expect(400);
      await http().post('/api/legal/cookie-preferences').expect(400);
      await http()
        .post('/api/legal/cookie-preferences')
        .set('Content-Type', 'application/json')
        .send('null')
        .expect(400);
    });

    it('GET with an overlong or malformed sessionId: 400', async () => {
      await http()
        .get(`/api/legal/cookie-preferences/${'a'.repeat(65)}?type=session`)
        .expect(400);
      await http().get('/api/legal/cookie-preferences/bad%20id!?type=session').expect(400);
    });
  });
});
