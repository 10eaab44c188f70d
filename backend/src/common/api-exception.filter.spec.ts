import { type ArgumentsHost, HttpException, HttpStatus, Logger, NotFoundException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { DATABASE_RETRY_AFTER_SECONDS, type DatabaseOutageReporter } from './database-unavailable';
import { ApiException, NotConfiguredException } from './api-exception';
import { ApiExceptionFilter } from './api-exception.filter';

function host(path = '/api/things', user?: { adminName: string | null }) {
  const response = {
    headersSent: false,
    statusCode: 0,
    body: undefined as unknown,
    headers: {} as Record<string, string>,
    setHeader(name: string, value: string) {
      this.headers[name] = value;
    },
    status(code: number) {
      this.statusCode = code;
      return this;
    },
    json(body: unknown) {
      this.body = body;
      return this;
    },
  };
  const request = { method: 'GET', originalUrl: path, url: path, id: 'req-1', user };
  const argumentsHost = {
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }),
  } as unknown as ArgumentsHost;
  return { argumentsHost, response };
}

describe('ApiExceptionFilter', () => {
  const filter = new ApiExceptionFilter();

  describe('a feature this server cannot run (NotConfiguredException)', () => {
    const admins = { isAdmin: (user?: { adminName?: string | null } | null) => user?.adminName === 'ops' };
    const withAdmins = new ApiExceptionFilter(undefined, admins);
    const notConfigured = () =>
      new NotConfiguredException(
        HttpStatus.SERVICE_UNAVAILABLE,
        'DRIVE_NOT_CONFIGURED',
        'Google Drive import is not available on this server.',
        'Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.',
      );

    it('gives an ordinary user, or nobody signed in, the message without what to configure', () => {
      for (const user of [{ adminName: null }, undefined]) {
        const { argumentsHost, response } = host('/api/drive', user);
        withAdmins.catch(notConfigured(), argumentsHost);
        expect(response.statusCode).toBe(503);
        expect(response.body).toMatchObject({
          code: 'DRIVE_NOT_CONFIGURED',
          message: 'Google Drive import is not available on this server.',
        });
        expect(response.body).not.toHaveProperty('configure');
      }
    });

    it('adds `configure` for an administrator only', () => {
      const { argumentsHost, response } = host('/api/drive', { adminName: 'ops' });
      withAdmins.catch(notConfigured(), argumentsHost);
      expect(response.body).toMatchObject({
        code: 'DRIVE_NOT_CONFIGURED',
        configure: 'Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.',
      });
    });

    it('without an administrator check (unit use), never adds it', () => {
      const { argumentsHost, response } = host('/api/drive', { adminName: 'ops' });
      filter.catch(notConfigured(), argumentsHost);
      expect(response.body).not.toHaveProperty('configure');
    });
  });

  it('keeps an HttpException status and message in the common shape', () => {
    const { argumentsHost, response } = host();
    filter.catch(new NotFoundException('No such conversation.'), argumentsHost);
    expect(response.statusCode).toBe(404);
    expect(response.body).toMatchObject({
      statusCode: 404,
      error: 'Not Found',
      code: 'NOT_FOUND',
      message: 'No such conversation.',
      path: '/api/things',
      requestId: 'req-1',
    });
  });

  it('answers a coded exception with its code, message and at most five details', () => {
    const { argumentsHost, response } = host();
    const details = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    filter.catch(
      new ApiException(
        HttpStatus.NOT_FOUND,
        'CHAT_CONVERSATION_NOT_FOUND',
        'Conversation not found.',
        details,
      ),
      argumentsHost,
    );
    expect(response.statusCode).toBe(404);
    expect(response.body).toMatchObject({
      statusCode: 404,
      error: 'Not Found',
      code: 'CHAT_CONVERSATION_NOT_FOUND',
      message: 'Conversation not found.',
      details: ['a', 'b', 'c', 'd', 'e'],
    });
  });

  it('lets a deliberately shaped body through unchanged (the usage-limit 429)', () => {
    const { argumentsHost, response } = host();
    const body = {
      error: 'Usage limit exceeded',
      feature: 'messagesPerMonth',
      current: 20,
      limit: 20,
      upgradeRequired: true,
      code: 'USAGE_LIMIT_EXCEEDED',
    };
    filter.catch(new HttpException(body, HttpStatus.TOO_MANY_REQUESTS), argumentsHost);
    expect(response.statusCode).toBe(429);
    expect(response.body).toEqual(body);
  });

  it('sends the wait an exception knows as Retry-After, whatever threw it', () => {
    const { argumentsHost, response } = host();
    class SlowDown extends ApiException {
      readonly retryAfterSeconds = 61.2;
      constructor() {
        super(HttpStatus.TOO_MANY_REQUESTS, 'RATE_LIMITED', 'Too many attempts.');
      }
    }
    filter.catch(new SlowDown(), argumentsHost);
    expect(response.statusCode).toBe(429);
    expect(response.headers['Retry-After']).toBe('62');
    expect(response.body).toMatchObject({ code: 'RATE_LIMITED' });

    const other = host();
    filter.catch(new NotFoundException('No such conversation.'), other.argumentsHost);
    expect(other.response.headers).toEqual({});
  });

  it('gives a shaped body without a code the code of its status', () => {
    const { argumentsHost, response } = host();
    filter.catch(new HttpException({ error: 'Slow down' }, HttpStatus.TOO_MANY_REQUESTS), argumentsHost);
    expect(response.body).toEqual({ error: 'Slow down', code: 'RATE_LIMITED' });
  });

  it('hides the details of an unexpected error behind a generic 500, logged with the request id', () => {
    const { argumentsHost, response } = host();
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    filter.catch(new Error('connection string postgres://secret@db'), argumentsHost);
    expect(response.statusCode).toBe(500);
    expect(JSON.stringify(response.body)).not.toContain('secret');
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('GET /api/things (request req-1) failed'));
    expect(response.body).toMatchObject({ requestId: 'req-1', code: 'INTERNAL_ERROR' });
    logged.mockRestore();
  });

  it('answers a lost database connection with 503 SERVICE_UNAVAILABLE and Retry-After, reported once', () => {
    const availability = { failed: jest.fn() };
    const withDatabase = new ApiExceptionFilter(availability as unknown as DatabaseOutageReporter);
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const terminated = new QueryFailedError('SELECT 1', [], new Error('Connection terminated unexpectedly'));
    for (const error of [refused, terminated]) {
      const { argumentsHost, response } = host();
      withDatabase.catch(error, argumentsHost);
      expect(response.statusCode).toBe(503);
      expect(response.headers['Retry-After']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(response.body).toMatchObject({
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        requestId: 'req-1',
      });
    }
    expect(availability.failed).toHaveBeenCalledTimes(2);
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  it('keeps a failed statement (not a lost connection) a 500', () => {
    const { argumentsHost, response } = host();
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const duplicate = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
    });
    filter.catch(new QueryFailedError('INSERT', [], duplicate), argumentsHost);
    expect(response.statusCode).toBe(500);
    logged.mockRestore();
  });
});
