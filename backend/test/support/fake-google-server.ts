import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type LoopbackServer, startLoopbackServer } from './loopback-server';

/** A file in the fake Drive: its metadata as Drive v3 gives it, and its bytes or exports. */
export interface FakeDriveFile {
  id: string;
  name: string;
  mimeType: string;
  modifiedTime: string;
  webViewLink?: string;
  /** The bytes alt=media returns (binary files). */
  content?: Buffer;
  /** Google Docs: the bytes of each export type. */
  exports?: Record<string, Buffer>;
  /** Which user's Drive it is in (the grant's owner tag). */
  owner: string;
}

export interface FakeGoogleServer extends LoopbackServer {
  authUrl: string;
  tokenUrl: string;
  driveApiUrl: string;
  clientId: string;
  clientSecret: string;
  files: FakeDriveFile[];
  /** Every token endpoint call: its grant_type, and the form it sent. */
  tokenCalls: Array<Record<string, string>>;
  /** Every Drive API call: method, path with query, bearer token. */
  driveCalls: Array<{ path: string; token: string | null }>;
  /**
   * The consent screen: what Google's /auth does when the user (`owner`) accepts or denies,
   * the redirect it answers with (the popup's next URL).
   */
  consent(authUrl: string, owner: string, decision?: 'accept' | 'deny'): Promise<URL>;
  /** Every access token issued so far stops working (Drive answers 401) before its expiry. */
  revokeAccessTokens(): void;
  /** Every grant is revoked: access and refresh tokens (refresh answers invalid_grant). */
  revokeAll(): void;
  /** Access tokens issued so far, by owner. */
  accessTokensOf(owner: string): string[];
  /** Refresh tokens issued so far, by owner. */
  refreshTokensOf(owner: string): string[];
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
}

/** Drive v3's error body. */
function driveError(res: ServerResponse, status: number, reason: string, message: string): void {
  json(res, status, { error: { code: status, message, errors: [{ domain: 'global', reason, message }] } });
}

/**
 * Google's OAuth 2 endpoints (auth, token with authorization_code and refresh_token) and the
 * Drive v3 calls Kasa makes (files list, metadata, alt=media, export), on a loopback port,
 * speaking Google's wire format: form-encoded token requests, JSON answers, `{error:
 * 'invalid_grant'}` for a bad code or refresh token, Bearer-authenticated Drive calls.
 */
export async function startFakeGoogle(): Promise<FakeGoogleServer> {
  const clientId = 'kasa-test.apps.googleusercontent.com';
  const clientSecret = 'fake-client-secret';
  const codes = new Map<string, { owner: string; redirectUri: string }>();
  const accessTokens = new Map<string, { owner: string; valid: boolean }>();
  const refreshTokens = new Map<string, { owner: string; valid: boolean }>();
  const tokenCalls: Array<Record<string, string>> = [];
  const driveCalls: Array<{ path: string; token: string | null }> = [];
  const files: FakeDriveFile[] = [];
  const token = (prefix: string) => `${prefix}-${randomBytes(12).toString('hex')}`;

  const issueAccess = (owner: string) => {
    const access = token('ya29');
    accessTokens.set(access, { owner, valid: true });
    return access;
  };

  const server = await startLoopbackServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'POST' && url.pathname === '/token') {
      const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
      tokenCalls.push(form);
      if (form.client_id !== clientId || form.client_secret !== clientSecret)
        return json(res, 401, { error: 'invalid_client', error_description: 'Unauthorized' });
      if (form.grant_type === 'authorization_code') {
        const grant = codes.get(form.code ?? '');
        codes.delete(form.code ?? '');
        if (!grant || grant.redirectUri !== form.redirect_uri)
          return json(res, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
        const refresh = token('1//refresh');
        refreshTokens.set(refresh, { owner: grant.owner, valid: true });
        return json(res, 200, {
          access_token: issueAccess(grant.owner),
          expires_in: 3599,
          refresh_token: refresh,
          scope: 'https://www.googleapis.com/auth/drive.readonly',
          token_type: 'Bearer',
        });
      }
      if (form.grant_type === 'refresh_token') {
        const grant = refreshTokens.get(form.refresh_token ?? '');
        if (!grant?.valid)
          return json(res, 400, {
            error: 'invalid_grant',
            error_description: 'Token has been expired or revoked.',
          });
        return json(res, 200, {
          access_token: issueAccess(grant.owner),
          expires_in: 3599,
          scope: 'https://www.googleapis.com/auth/drive.readonly',
          token_type: 'Bearer',
        });
      }
      return json(res, 400, { error: 'unsupported_grant_type' });
    }

    if (req.method === 'GET' && url.pathname.startsWith('/drive/v3/files')) {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? null;
      driveCalls.push({ path: `${url.pathname}${url.search}`, token: bearer });
      const grant = bearer ? accessTokens.get(bearer) : undefined;
      if (!grant?.valid)
        return driveError(res, 401, 'authError', 'Request had invalid authentication credentials.');
      const owned = files.filter((file) => file.owner === grant.owner);
      const rest = url.pathname.slice('/drive/v3/files'.length);
      if (rest === '' || rest === '/') {
        return json(res, 200, {
          files: owned.map((file) => ({
            id: file.id,
            name: file.name,
            mimeType: file.mimeType,
            ...(file.content ? { size: String(file.content.length) } : {}),
            modifiedTime: file.modifiedTime,
            webViewLink: file.webViewLink ?? `https://drive.google.com/file/d/${file.id}/view`,
          })),
        });
      }
      const match = /^\/([^/]+)(\/export)?$/.exec(rest);
      const file = match && owned.find((candidate) => candidate.id === decodeURIComponent(match[1]));
      if (!match || !file) return driveError(res, 404, 'notFound', `File not found: ${match?.[1]}.`);
      if (match[2]) {
        const bytes = file.exports?.[url.searchParams.get('mimeType') ?? ''];
        if (!bytes) return driveError(res, 403, 'cannotExportFile', 'This file cannot be exported.');
        res.writeHead(200, { 'Content-Type': url.searchParams.get('mimeType')! });
        return void res.end(bytes);
      }
      if (url.searchParams.get('alt') === 'media') {
        if (!file.content)
          return driveError(
            res,
            403,
            'fileNotDownloadable',
            'Only files with binary content can be downloaded.',
          );
        res.writeHead(200, { 'Content-Type': file.mimeType, 'Content-Length': file.content.length });
        return void res.end(file.content);
      }
      return json(res, 200, {
        id: file.id,
        name: file.name,
        mimeType: file.mimeType,
        ...(file.content ? { size: String(file.content.length) } : {}),
      });
    }

    res.writeHead(404);
    res.end();
  });

  const authUrl = `${server.origin}/auth`;
  return {
    ...server,
    authUrl,
    tokenUrl: `${server.origin}/token`,
    driveApiUrl: `${server.origin}/drive/v3`,
    clientId,
    clientSecret,
    files,
    tokenCalls,
    driveCalls,
    consent: (link, owner, decision = 'accept') => {
      const asked = new URL(link);
      if (`${asked.origin}${asked.pathname}` !== authUrl) throw new Error(`Not the fake's auth URL: ${link}`);
      if (asked.searchParams.get('client_id') !== clientId) throw new Error('Unknown client_id');
      const redirect = new URL(asked.searchParams.get('redirect_uri')!);
      const state = asked.searchParams.get('state');
      if (decision === 'deny') redirect.searchParams.set('error', 'access_denied');
      else {
        const code = token('4/0A');
        codes.set(code, { owner, redirectUri: redirect.toString() });
        redirect.searchParams.set('code', code);
        redirect.searchParams.set('scope', asked.searchParams.get('scope') ?? '');
      }
      if (state) redirect.searchParams.set('state', state);
      return Promise.resolve(redirect);
    },
    revokeAccessTokens: () => {
      for (const grant of accessTokens.values()) grant.valid = false;
    },
    revokeAll: () => {
      for (const grant of accessTokens.values()) grant.valid = false;
      for (const grant of refreshTokens.values()) grant.valid = false;
    },
    accessTokensOf: (owner) =>
      [...accessTokens.entries()].filter(([, grant]) => grant.owner === owner).map(([access]) => access),
    refreshTokensOf: (owner) =>
      [...refreshTokens.entries()].filter(([, grant]) => grant.owner === owner).map(([refresh]) => refresh),
  };
}
