import { BadRequestException } from '@nestjs/common';
import { IsInt, IsString, Min } from 'class-validator';
import { createValidationPipe } from './validation.pipe';

class SampleDto {
  @IsString()
  name!: string;

  @IsInt()
  @Min(1)
  count!: number;
}

const metadata = { type: 'body' as const, metatype: SampleDto };

describe('createValidationPipe', () => {
  const pipe = createValidationPipe();

  it('passes a valid body through as the DTO class', async () => {
    const value = await pipe.transform({ name: 'maize', count: 3 }, metadata);
    expect(value).toBeInstanceOf(SampleDto);
    expect(value).toEqual({ name: 'maize', count: 3 });
  });

  it('refuses unknown fields and lists every problem', async () => {
    const error = await pipe.transform({ name: 7, count: 0, admin: true }, metadata).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestException);
    const body = (error as BadRequestException).getResponse() as { message: string; details: string[] };
    expect(body.details).toContain(body.message);
    expect(body.details).toEqual(
      expect.arrayContaining([
        'property admin should not exist',
        'name must be a string',
        'count must not be less than 1',
      ]),
    );
  });
});
