import { Logger } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import type { AppConfig } from '../config';
import { DatabaseAvailability, isDatabaseUnavailableError } from './database-availability';

const coded = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailableError', () => {
  it.each([
    ['a refused connection', coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', coded('ECONNRESET', 'read ECONNRESET')],
    ['a timed-out connection', coded('ETIMEDOUT')],
    ['a closed connection', new Error('Connection terminated unexpectedly')],
    ['a pool connect timeout', new Error('timeout exceeded when trying to connect')],
    [
      'an administrator shutdown (57P01)',
      coded('57P01', 'terminating connection due to administrator command'),
    ],
    ['a server starting up (57P03)', coded('57P03', 'the database system is starting up')],
    ['a connection exception (08006)', coded('08006')],
    [
      'a QueryFailedError around one',
      new QueryFailedError('SELECT 1', [], new Error('Connection terminated')),
    ],
    [
      'every address refused',
      Object.assign(new AggregateError([coded('ECONNREFUSED')]), { code: undefined }),
    ],
  ])('recognises %s', (_, error) => {
    expect(isDatabaseUnavailableError(error)).toBe(true);
  });

  it.each([
    ['a unique violation', new QueryFailedError('INSERT', [], coded('23505', 'duplicate key value'))],
    ['a syntax error', coded('42601', 'syntax error')],
    ['a plain error', new Error('Something else')],
    ['no error', undefined],
  ])('leaves %s alone', (_, error) => {
    expect(isDatabaseUnavailableError(error)).toBe(false);
  });
});

describe('DatabaseAvailability', () => {
  it('warns once per outage however many failures follow, and stops probing on shutdown', () => {
    const warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    // A port nothing listens on: the probe keeps failing, the outage stays.
    const availability = new DatabaseAvailability({
      databaseUrl: 'postgres://127.0.0.1:1/none',
    } as AppConfig);
    for (let i = 0; i < 20; i++) availability.failed(coded('ECONNREFUSED'));
    expect(availability.unavailable).toBe(true);
    expect(warned).toHaveBeenCalledTimes(1);
    availability.onApplicationShutdown();
    warned.mockRestore();
  });
});
