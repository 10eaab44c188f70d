import { HttpException } from '@nestjs/common';
import { RESUME_OFFSET_INVALID } from '../chat.errors';
import { resumeOffsetOf } from './resume-offset';

function statusOf(run: () => unknown): number | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof HttpException ? error.getStatus() : -1;
  }
  return undefined;
}

describe('resumeOffsetOf', () => {
  it('reads the header first, then the query, else starts at 0', () => {
    expect(resumeOffsetOf('12', '3')).toBe(12);
    expect(resumeOffsetOf(undefined, '3')).toBe(3);
    expect(resumeOffsetOf(undefined, undefined)).toBe(0);
    expect(resumeOffsetOf(' 0 ', undefined)).toBe(0);
  });

  it.each([['-1'], ['1.5'], ['abc'], [''], ['1e3'], ['99999999999'], ['4294967295']])(
    'refuses %p with a 400',
    (value) => {
      expect(statusOf(() => resumeOffsetOf(value, undefined))).toBe(400);
      expect(statusOf(() => resumeOffsetOf(undefined, value))).toBe(400);
    },
  );

  it('refuses repeated values', () => {
    expect(statusOf(() => resumeOffsetOf(['1', '2'], undefined))).toBe(400);
    expect(statusOf(() => resumeOffsetOf(undefined, ['1', '2']))).toBe(400);
    expect(() => resumeOffsetOf('x', undefined)).toThrow(RESUME_OFFSET_INVALID);
  });
});
