/** Legal pages' errors (docs/architecture.md#errors): each code's text and the exception that carries it. */
import { HttpStatus } from '@nestjs/common';
import { LEGAL_PAGE_TYPES } from '@kasa/contracts';
import { ApiException } from '../common/api-exception';

/** 404: `requested` names no legal page; the answer lists the pages there are. */
export const legalPageNotFound = (requested: string) =>
  new ApiException(
    HttpStatus.NOT_FOUND,
    'LEGAL_PAGE_NOT_FOUND',
    `There is no legal page '${requested}'. Pages: ${LEGAL_PAGE_TYPES.join(', ')}.`,
  );
