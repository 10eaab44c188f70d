import { BadRequestException } from '@nestjs/common';
import { IsInt, IsString, Min } from 'class-validator';
import { MAX_ERROR_DETAILS } from './api-error';
import { createValidationPipe } from './validation.pipe';

class SampleDto {
  @IsString()
  name!: string;

  @IsInt()
  @Min(1)
  count!: number;
}

const metadata = { type: 'body' as const, metatype: SampleDto };

async function refusal(value: unknown): Promise<{ code: string; message: string; details: string[] }> {
  const error = await createValidationPipe()
    .transform(value, metadata)
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(BadRequestException);
  return (error as BadRequestException).getResponse() as { code: string; message: string; details: string[] };
}

describe('createValidationPipe', () => {
  it('passes a valid body through as the DTO class', async () => {
    const value = await createValidationPipe().transform({ name: 'maize', count: 3 }, metadata);
    expect(value).toBeInstanceOf(SampleDto);
    expect(value).toEqual({ name: 'maize', count: 3 });
  });

  it('refuses unknown fields and lists the problems, one per field, the first as the message', async () => {
    const body = await refusal({ name: 7, count: 0, admin: true });
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toBe(body.details[0]);
    expect(body.details).toEqual(
      expect.arrayContaining([
        'property admin should not exist',
        'name must be a string',
        'count must not be less than 1',
      ]),
    );
    expect(body.details).toHaveLength(3);
  });

  it("names each field's real problem once: missing or wrongly typed before too short or too long", async () => {
    // @Min is stacked under @IsInt, so class-validator checks it first; the type is the problem.
    expect((await refusal({ name: 'maize', count: 'abc' })).details).toEqual([
      'count must be an integer number',
    ]);
    expect((await refusal({ count: 2 })).details).toEqual(['name must be a string']);
  });

  it('answers a few details, not one per unknown field', async () => {
    const body = await refusal({
      name: 'maize',
      count: 1,
      ...Object.fromEntries(Array.from({ length: 900 }, (_, i) => [`k${i}`, i])),
    });
    expect(body.message).toBe('property k0 should not exist');
    expect(body.details).toHaveLength(MAX_ERROR_DETAILS);
  });
});
