import request from 'supertest';
import type { AccountExportResponse, AccountExportView, AuthResponse } from '@kasa/contracts';
import { FilesService } from '../src/files';
import { eventually } from './chat-support';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/**
 * Signed file and export links need no token, so they must die with the tokens of their time:
 * a sign out everywhere or a password change refuses every link issued before it.
 */
describe('signed links after a sign out everywhere or a password change', () => {
  let ctx: TestApp;
  let files: FilesService;
  const http = () => request(ctx.app.getHttpServer());
  /** Follows a link as the browser does: no Authorization header. */
  const follow = (url: string) => http().get(url).buffer(true);

  beforeAll(async () => {
    ctx = await createTestApp('link_revocation', { config: { rateLimits: GENEROUS_RATE_LIMITS } });
    files = ctx.app.get(FilesService);
  });
  afterAll(() => ctx?.close());

  const fileLinkOf = async (who: AuthResponse) =>
    files.signedUrl(await files.store(who.user.id, { kind: 'image', contentType: 'image/png', body: PNG }), {
      download: true,
    });

  async function exportLinkOf(who: AuthResponse): Promise<{ id: string; url: string }> {
    const started = (await http().post('/api/account/export').set(bearer(who)).send({}).expect(202))
      .body as AccountExportResponse;
    const done = await eventually(async () => {
      const view = (await http().get(`/api/account/export/${started.export.id}`).set(bearer(who)).expect(200))
        .body as AccountExportView;
      if (view.status === 'failed') throw new Error(JSON.stringify(view.error));
      return view.status === 'completed' ? view : undefined;
    }, 30_000);
    return { id: done.id, url: done.downloadUrl! };
  }

  /** Both kinds of link answer 403 FILES_LINK_REVOKED with a message saying what to do. */
  async function expectRevoked(...urls: string[]) {
    for (const url of urls) {
      const refused = await follow(url).expect(403);
      expect(refused.body).toMatchObject({
        code: 'FILES_LINK_REVOKED',
        message:
          'This link stopped working when the account signed out everywhere or changed its password. Reload the page for a new link.',
      });
    }
  }

  const signOutEverywhere = async (who: AuthResponse) => {
    await http().post('/api/auth/logout').set(bearer(who)).expect(200);
    return 'secret123';
  };
  const changePassword = async (who: AuthResponse) => {
    await http()
      .post('/api/auth/change-password')
      .set(bearer(who))
      .send({ currentPassword: 'secret123', newPassword: 'secret456' })
      .expect(200);
    return 'secret456';
  };

  it.each([
    ['sign out everywhere', signOutEverywhere],
    ['a password change', changePassword],
  ])(
    'after %s, earlier file and export links answer 403; links signed afterwards work',
    async (_, revoke) => {
      const who = await registerUser(ctx.app, { prefix: 'links' });
      const bystander = await registerUser(ctx.app, { prefix: 'links_other' });
      const fileLink = await fileLinkOf(who);
      const exportLink = await exportLinkOf(who);
      const otherLink = await fileLinkOf(bystander);
      await follow(fileLink).expect(200);
      await follow(exportLink.url).expect(200);

      const password = await revoke(who);

      await expectRevoked(fileLink, exportLink.url);
      // Someone else's links are untouched.
      await follow(otherLink).expect(200);

      // Signed in again, the page gets new links, and they work.
      const again = (
        await http().post('/api/auth/login').send({ username: who.user.username, password }).expect(200)
      ).body as AuthResponse;
      await follow(await fileLinkOf(again)).expect(200);
      const view = (await http().get(`/api/account/export/${exportLink.id}`).set(bearer(again)).expect(200))
        .body as AccountExportView;
      await follow(view.downloadUrl!).expect(200);
    },
  );
});
