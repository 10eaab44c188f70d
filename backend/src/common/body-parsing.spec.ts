import type { Request } from 'express';
import { BODY_NOT_JSON, type BodyParserError, bodyFailure } from './body-parsing';
import { BODY_TOO_MANY_FIELDS } from './input-shape';

const requestWith = (headers: Record<string, string> = {}) => ({ headers }) as unknown as Request;
const parserError = (fields: Partial<BodyParserError>) => Object.assign(new Error('parser'), fields);

describe('bodyFailure', () => {
  it.each([
    [
      { status: 413, type: 'entity.too.large' },
      413,
      'BODY_TOO_LARGE',
      'The request body is too large (limit 1mb).',
    ],
    [{ status: 400, type: 'entity.parse.failed' }, 400, 'BODY_MALFORMED', BODY_NOT_JSON],
    [{ status: 413, type: 'parameters.too.many' }, 400, 'BODY_TOO_COMPLEX', BODY_TOO_MANY_FIELDS],
    [
      { status: 415, type: 'charset.unsupported', charset: 'latin1' },
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'The request body\'s charset "latin1" is not supported: send UTF-8.',
    ],
    [
      { status: 415, type: 'encoding.unsupported', encoding: 'x'.repeat(500) },
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      `Content-Encoding "${'x'.repeat(40)}" is not supported: send gzip, deflate, br or none.`,
    ],
    [
      { status: 400, type: 'request.size.invalid' },
      400,
      'BODY_MALFORMED',
      expect.stringContaining('Content-Length'),
    ],
    [{ status: 400, type: 'request.aborted' }, 400, 'BODY_MALFORMED', expect.stringContaining('cut off')],
    [{ status: 403, type: 'entity.verify.failed' }, 403, 'FORBIDDEN', 'The request body could not be read.'],
  ])('%j: %i %s', (fields, status, code, message) => {
    expect(bodyFailure(parserError(fields), requestWith(), '1mb')).toEqual({ status, code, message });
  });

  it('a zlib error (status 400, no type) on a compressed body: the body could not be decompressed', () => {
    const zlibError = parserError({ status: 400, code: 'Z_DATA_ERROR' } as Partial<BodyParserError>);
    expect(bodyFailure(zlibError, requestWith({ 'content-encoding': 'gzip' }), '1mb')).toEqual({
      status: 400,
      code: 'BODY_MALFORMED',
      message: 'The request body could not be decompressed (Content-Encoding: gzip).',
    });
  });

  it('leaves server errors and errors that are not about the body to the exception filter', () => {
    expect(
      bodyFailure(parserError({ status: 500, type: 'stream.encoding.set' }), requestWith(), '1mb'),
    ).toBeNull();
    expect(bodyFailure(parserError({}), requestWith({ 'content-encoding': 'gzip' }), '1mb')).toBeNull();
    expect(bodyFailure(parserError({ status: 400 }), requestWith(), '1mb')).toBeNull();
  });
});
