import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
import type { CodedErrorResponse } from './api-exception';

function messages(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {});
    return [...own, ...messages(error.children ?? [], path)];
  });
}

/** Bodies and queries: unknown fields are refused, values are converted to the DTO's types. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: false,
    exceptionFactory: (errors) => {
      const details = messages(errors);
      // The first problem is the message the UI shows (a toast has room for one); all are listed.
      const body: CodedErrorResponse = {
        code: 'VALIDATION_FAILED',
        message: details[0] ?? 'The request is not valid.',
        details,
      };
      return new BadRequestException(body);
    },
  });
}
