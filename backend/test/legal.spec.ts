import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { ApiErrorBody, CookiePreferencesResponse, LegalPageResponse } from '@kasa/contracts';
import { LegalPagesFrench1795816540001 } from '../src/database/migrations/1795816540001-LegalPagesFrench';
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

/** The French pages: their own title, version 1.0 and date, the same amounts written the French way. */
const frenchPages: Array<[type: string, title: string, mustContain: string[]]> = [
  [
    'terms',
    "Conditions d'utilisation",
    [
      '# Utilisation acceptable',
      '**4 USD par mois**',
      '**2 500 XAF pour 30 jours**',
      '# Données linguistiques ouvertes',
      'CC BY 4.0',
      'Glottolog 5.1',
      'Polyglotta Africana',
      'ASJP',
      'les droits que la loi interdit de limiter',
    ],
  ],
  [
    'privacy',
    'Politique de confidentialité',
    [
      'empreinte argon2id',
      'Stripe',
      'Flutterwave',
      '**Exporter les données**',
      'un fichier ZIP',
      '**Supprimer le compte** sur la page Compte',
      '4. **Choisir vos e-mails**',
      '5. Vous **opposer**',
      '6. **Porter plainte**',
    ],
  ],
  [
    'cookies',
    'Politique relative aux cookies',
    ['**Nécessaires**', '**Statistiques**', '**Marketing**', '**Préférences**', '**Tout accepter**'],
  ],
  ['fair_use', "Politique d'utilisation équitable", ['# Limites mensuelles', 'mois calendaire (UTC)']],
  [
    'pricing',
    'Tarifs',
    [
      '**Basic : gratuit**',
      '- 50 messages par mois',
      '- 5 générations de médias par mois',
      '- 10 minutes vocales par mois',
      '- 5 imports audio/fichiers par mois',
      '- 20 recherches web par mois',
      '- 2 000 messages par mois',
      '- 200 générations de médias par mois',
      '- 300 minutes vocales par mois',
      '- 500 imports audio/fichiers par mois',
      '- Recherches web illimitées',
      '4 USD par mois par carte',
      '2 500 XAF (2 500 ₣)',
      'Assistance : prioritaire par WhatsApp/téléphone',
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
      expect(Object.keys(body).sort()).toEqual(['content', 'effectiveDate', 'language', 'title', 'version']);
      expect(body.title).toBe(title);
      expect(body.language).toBe('en');
      // The Terms gained the open language data section, the Privacy Policy the account page (1.1).
      const revised = type === 'terms' || type === 'privacy';
      expect(body.version).toBe(revised ? '1.1' : '1.0');
      expect(body.effectiveDate).toBe(revised ? '2026-11-24' : '2026-11-23');
      expect(body.content.length).toBeGreaterThan(1000);
      for (const text of mustContain) expect(body.content).toContain(text);
      expect(body.content).toContain('Kasa');
      expect(body.content).not.toContain('{{');
    });

    it.each(frenchPages)('%s?lang=fr: answers its French page', async (type, title, mustContain) => {
      const response = await http().get(`/api/legal/pages/${type}?lang=fr`).expect(200);
      const body = response.body as LegalPageResponse;
      expect(Object.keys(body).sort()).toEqual(['content', 'effectiveDate', 'language', 'title', 'version']);
      expect(body).toMatchObject({ title, language: 'fr', version: '1.0', effectiveDate: '2026-11-29' });
      expect(body.content.length).toBeGreaterThan(1000);
      for (const text of mustContain) expect(body.content).toContain(text);
      expect(body.content).toContain('Kasa');
      expect(body.content).not.toContain('{{');
      // Same sections as the English page.
      const english = await http().get(`/api/legal/pages/${type}`).expect(200);
      const headings = (text: string) => text.split('\n').filter((line) => line.startsWith('# '));
      expect(headings(body.content)).toHaveLength(headings(english.body.content).length);
    });

    it('keeps each language its own version: the English Terms are 1.1, the French 1.0', async () => {
      const english = await http().get('/api/legal/pages/terms?lang=en').expect(200);
      const french = await http().get('/api/legal/pages/terms?lang=fr').expect(200);
      expect(english.body).toMatchObject({ language: 'en', version: '1.1', effectiveDate: '2026-11-24' });
      expect(french.body).toMatchObject({ language: 'fr', version: '1.0', effectiveDate: '2026-11-29' });
      // Without ?lang the answer is the English page, as before.
      const byDefault = await http().get('/api/legal/pages/terms').expect(200);
      expect(byDefault.body).toEqual(english.body);
    });

    it('fair-use?lang=fr: the route slug works in French too', async () => {
      const response = await http().get('/api/legal/pages/fair-use?lang=fr').expect(200);
      expect(response.body.title).toBe("Politique d'utilisation équitable");
    });

    it.each(['de', 'FR', 'french', ''])(
      'lang=%s: 400 VALIDATION_FAILED naming the languages',
      async (lang) => {
        const response = await http().get(`/api/legal/pages/terms?lang=${lang}`).expect(400);
        expectError(response.body, 400, `/api/legal/pages/terms?lang=${lang}`);
        expect(response.body.code).toBe('VALIDATION_FAILED');
        expect(response.body.details).toContain('lang must be one of: en, fr');
      },
    );

    it('lang given twice, or an unknown query field: 400', async () => {
      await http().get('/api/legal/pages/terms?lang=fr&lang=en').expect(400);
      const response = await http().get('/api/legal/pages/terms?language=fr').expect(400);
      expect(response.body.details).toContain('property language should not exist');
    });

    it('a page not written in French is answered in English, marked en, never 404', async () => {
      const database = ctx.app.get(DataSource);
      const where = `"type" = 'cookies' AND "language" = 'fr'`;
      const [french] = await database.query(`SELECT * FROM "legal_page" WHERE ${where}`);
      await database.query(`DELETE FROM "legal_page" WHERE ${where}`);
      try {
        const response = await http().get('/api/legal/pages/cookies?lang=fr').expect(200);
        expect(response.body).toMatchObject({ title: 'Cookie Policy', language: 'en', version: '1.0' });
      } finally {
        await database.query(
          `INSERT INTO "legal_page" ("type", "language", "title", "version", "effective_date", "content")
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [french.type, french.language, french.title, french.version, french.effective_date, french.content],
        );
      }
      const restored = await http().get('/api/legal/pages/cookies?lang=fr').expect(200);
      expect(restored.body.language).toBe('fr');
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
        const french = await request(other.app.getHttpServer()).get('/api/legal/pages/terms?lang=fr');
        expect(french.body.content).toContain(
          "Les présentes conditions d'utilisation régissent votre utilisation de Shamba",
        );
        expect(french.body.content).toContain("l'assistant Mkulima");
        expect(french.body.content).not.toContain('Kasa');
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

  describe('the French pages migration', () => {
    it('down removes the French pages and the language column, up brings them back', async () => {
      const other = await createTestApp('legal_fr_down');
      const runner = other.app.get(DataSource).createQueryRunner();
      const migration = new LegalPagesFrench1795816540001();
      try {
        await migration.down(runner);
        const columns = await runner.query(
          `SELECT column_name FROM information_schema.columns WHERE table_name = 'legal_page'`,
        );
        expect(columns.map((c: { column_name: string }) => c.column_name)).not.toContain('language');
        const rows = await runner.query(`SELECT "type", "version" FROM "legal_page" ORDER BY "type"`);
        expect(rows).toHaveLength(5);
        expect(rows).toContainEqual({ type: 'terms', version: '1.1' });
        // The primary key is the type alone again: a second row for a type is refused.
        await expect(
          runner.query(
            `INSERT INTO "legal_page" ("type", "title", "effective_date", "content") VALUES ('terms', 'x', now(), 'x')`,
          ),
        ).rejects.toThrow(/duplicate key/);

        await migration.up(runner);
        const languages = await runner.query(
          `SELECT "language", count(*)::int AS n FROM "legal_page" GROUP BY "language" ORDER BY "language"`,
        );
        expect(languages).toEqual([
          { language: 'en', n: 5 },
          { language: 'fr', n: 5 },
        ]);
        const response = await request(other.app.getHttpServer())
          .get('/api/legal/pages/privacy?lang=fr')
          .expect(200);
        expect(response.body).toMatchObject({ language: 'fr', title: 'Politique de confidentialité' });
      } finally {
        await runner.release();
        await other.close();
      }
    });
  });
});
