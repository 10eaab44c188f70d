import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
import { MAX_ERROR_DETAILS } from './api-error';
import type { CodedErrorResponse } from './api-exception';

/**
 * Which broken rule is a field's real problem: an unknown or missing field first, then a wrong
 * type, then an empty value, then the rest (length, pattern...). class-validator runs stacked
 * decorators bottom-up, so without this `{"message": {}}` was told its length first.
 */
const RULE_RANK: Record<string, number> = {
  whitelistValidation: 0,
  isDefined: 0,
  isString: 1,
  isBoolean: 1,
  isInt: 1,
  isNumber: 1,
  isArray: 1,
  isObject: 1,
  isNotEmpty: 2,
};
const rankOf = (rule: string) => RULE_RANK[rule] ?? 3;

function problemOf(error: ValidationError): string | undefined {
  const rules = Object.entries(error.constraints ?? {});
  rules.sort(([a], [b]) => rankOf(a) - rankOf(b));
  return rules[0]?.[1];
}

/**
 * One problem per field, in field order, at most `limit`: the UI shows the first, and a body with
 * hundreds of unknown fields gets a short answer. Nesting is bounded by the input guard.
 */
export function fieldProblems(errors: ValidationError[], limit = MAX_ERROR_DETAILS): string[] {
  const found: string[] = [];
  const visit = (list: ValidationError[]) => {
    for (const error of list) {
      if (found.length === limit) return;
      const problem = problemOf(error);
      if (problem && !found.includes(problem)) found.push(problem);
      visit(error.children ?? []);
    }
  };
  visit(errors);
  return found;
}

/**
 * Bodies, queries and params: unknown fields are refused, values are converted to the DTO's types.
 * Bodies arrive bounded in depth and size (input-guard.ts), so validation takes bounded time.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    // Every rule runs, so problemOf can pick the real one whatever the decorators' order.
    stopAtFirstError: false,
    exceptionFactory: (errors) => {
      const details = fieldProblems(errors);
      // The first problem is the message the UI shows (a toast has room for one); a few follow.
      const body: CodedErrorResponse = {
        code: 'VALIDATION_FAILED',
        message: details[0] ?? 'The request is not valid.',
        details,
      };
      return new BadRequestException(body);
    },
  });
}
