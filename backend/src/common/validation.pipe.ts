import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
import type { ValidationErrorResponse } from './api-exception.filter';

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
      const body: ValidationErrorResponse = {
        message: 'The request is not valid.',
        details: messages(errors),
      };
      return new BadRequestException(body);
    },
  });
}
