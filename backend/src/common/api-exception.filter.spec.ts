import { type ArgumentsHost, HttpException, HttpStatus, Logger, NotFoundException } from '@nestjs/common';
import { ApiExceptionFilter } from './api-exception.filter';

function host(path = '/api/things') {
  const response = {
    headersSent: false,
    statusCode: 0,
    body: undefined as unknown,
    status(code: number) {
      this.statusCode = code;
      return this;
    },
    json(body: unknown) {
      this.body = body;
      return this;
    },
  };
  const request = { method: 'GET', originalUrl: path, url: path, id: 'req-1' };
  const argumentsHost = {
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }),
  } as unknown as ArgumentsHost;
  return { argumentsHost, response };
}

describe('ApiExceptionFilter', () => {
  const filter = new ApiExceptionFilter();

  it('keeps an HttpException status and message in the common shape', () => {
    const { argumentsHost, response } = host();
    filter.catch(new NotFoundException('No such conversation.'), argumentsHost);
    expect(response.statusCode).toBe(404);
    expect(response.body).toMatchObject({
      statusCode: 404,
      error: 'Not Found',
      message: 'No such conversation.',
      path: '/api/things',
      requestId: 'req-1',
    });
  });

  it('lets a deliberately shaped body through unchanged (the usage-limit 429)', () => {
    const { argumentsHost, response } = host();
    const body = {
      error: 'Usage limit exceeded',
      feature: 'messages',
      current: 20,
      limit: 20,
      upgradeRequired: true,
    };
    filter.catch(new HttpException(body, HttpStatus.TOO_MANY_REQUESTS), argumentsHost);
    expect(response.statusCode).toBe(429);
    expect(response.body).toEqual(body);
  });

  it('hides the details of an unexpected error behind a generic 500, logged with the request id', () => {
    const { argumentsHost, response } = host();
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    filter.catch(new Error('connection string postgres://secret@db'), argumentsHost);
    expect(response.statusCode).toBe(500);
    expect(JSON.stringify(response.body)).not.toContain('secret');
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('GET /api/things (request req-1) failed'));
    expect(response.body).toMatchObject({ requestId: 'req-1' });
    logged.mockRestore();
  });
});
