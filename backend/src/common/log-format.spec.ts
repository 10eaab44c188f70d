import { Transform } from 'node:stream';
import pino from 'pino';
import { prettyFactory } from 'pino-pretty';
import { chooseLogFormat, PRETTY_LOG_OPTIONS } from './log-format';
import { createRootLogger } from './logging.module';
import { loadConfig } from '../config';

const config = (env: Record<string, string>) =>
  loadConfig({ DATABASE_URL: 'postgres://kasa@db/kasa', JWT_SECRET: 'x'.repeat(32), ...env });

describe('chooseLogFormat', () => {
  it.each([
    ['development', 'auto', true, 'pretty'],
    ['development', 'auto', false, 'json'],
    ['test', 'auto', true, 'pretty'],
    ['production', 'auto', true, 'json'],
    ['production', 'pretty', false, 'pretty'],
    ['development', 'json', true, 'json'],
  ] as const)('NODE_ENV=%s, LOG_FORMAT %s, terminal %s: %s', (nodeEnv, logFormat, terminal, expected) => {
    expect(chooseLogFormat({ nodeEnv, logFormat }, terminal)).toBe(expected);
  });

  it('reads LOG_FORMAT from the environment and refuses other values by name', () => {
    expect(config({}).logFormat).toBe('auto');
    expect(config({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(config({ LOG_FORMAT: '' }).logFormat).toBe('auto');
    expect(() => config({ LOG_FORMAT: 'yaml' })).toThrow(/LOG_FORMAT must be 'pretty'.*or 'json'/);
  });
});

describe('the root logger', () => {
  const streamOf = (logger: pino.Logger) =>
    (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym];

  it('writes pretty lines through pino-pretty in this thread (no transport worker) in a terminal', () => {
    expect(streamOf(createRootLogger(config({ LOG_LEVEL: 'info' }), true))).toBeInstanceOf(Transform);
  });

  it('writes JSON when stdout is not a terminal, and never builds pino-pretty for a silent logger', () => {
    expect(streamOf(createRootLogger(config({ LOG_LEVEL: 'info' }), false))).not.toBeInstanceOf(Transform);
    expect(
      streamOf(createRootLogger(config({ LOG_LEVEL: 'silent', LOG_FORMAT: 'pretty' }), true)),
    ).not.toBeInstanceOf(Transform);
  });
});

describe('a pretty line', () => {
  const prettify = prettyFactory({ ...PRETTY_LOG_OPTIONS, colorize: false });
  const time = Date.UTC(2025, 0, 1, 12, 4, 5, 120);

  it('says an API call in one short line: method, path, status, time and request id, no headers', () => {
    const line = prettify({
      level: 30,
      time,
      pid: 1,
      hostname: 'h',
      req: {
        id: 'r-1',
        method: 'POST',
        url: '/api/chat',
        headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 10)' },
      },
      res: { statusCode: 200 },
      responseTime: 35,
      msg: 'request completed',
    });
    expect(line).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: POST \/api\/chat 200 35 ms request completed \(request r-1\)\n$/,
    );
    expect(line).not.toContain('Mozilla');
  });

  it("puts Nest's context before the message, and keeps other fields on the line", () => {
    const line = prettify({
      level: 40,
      time,
      pid: 1,
      hostname: 'h',
      context: 'ChatGenerationService',
      msg: 'slow',
      model: 'llama3.2',
    });
    expect(line).toMatch(/ WARN: \[ChatGenerationService\] slow \{"model":"llama3.2"\}\n$/);
  });
});
