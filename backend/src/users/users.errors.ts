/** Users' errors (docs/architecture.md#errors): each code's text and the exception that carries it. */
import { HttpStatus } from '@nestjs/common';
import { ApiException } from '../common/api-exception';

export const USERNAME_TAKEN = 'That username is already taken. Please choose another one.';

/** 409: another account holds the name's normalised form, whatever its spelling. */
export const usernameTaken = () =>
  new ApiException(HttpStatus.CONFLICT, 'AUTH_USERNAME_TAKEN', USERNAME_TAKEN);
