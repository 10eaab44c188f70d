import { Logger } from '@nestjs/common';
import { QueryLogger } from './query-logger';

describe('QueryLogger', () => {
  afterEach(() => jest.restoreAllMocks());

  it("logs a failed statement's error and the head of its text, never its parameters", () => {
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const query = `UPDATE "chat_messages" m\n   SET "content" = $1 ${'WHERE x = 1 '.repeat(40)}`;
    new QueryLogger().logQueryError(new Error('deadlock detected'), query, ['my private message']);
    expect(error).toHaveBeenCalledTimes(1);
    const line = String(error.mock.calls[0][0]);
    expect(line).toContain('deadlock detected');
    expect(line).toContain('UPDATE "chat_messages" m SET "content" = $1');
    expect(line).not.toContain('my private message');
    expect(line.length).toBeLessThan(260);
  });
});
