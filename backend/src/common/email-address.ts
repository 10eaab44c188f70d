import { isEmail, ValidateBy, type ValidationOptions } from 'class-validator';
import { isSafeText } from './text-safety';

/**
 * An e-mail address, false (never an exception) for any other value: validator.js's isEmail
 * throws URIError on a lone surrogate (it measures the parts with encodeURI), which was a 500.
 */
export function isEmailAddress(value: unknown): boolean {
  return typeof value === 'string' && isSafeText(value) && isEmail(value);
}

/** class-validator's @IsEmail() without the exception: use it for every e-mail field. */
export function IsEmailAddress(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isEmailAddress', validator: { validate: isEmailAddress } }, options);
}
