import { HttpStatus } from '@nestjs/common';
import { ApiException } from '../../common/api-exception';

export const LINK_REVOKED =
  'This link stopped working when the account signed out everywhere or changed its password. Reload the page for a new link.';

/**
 * Signed links open files without a token, so they end with the tokens of their time: a link
 * signed (`issuedAt`, Unix ms, by the signing instance's clock) before its owner's last token
 * version change (users.tokens_revoked_at: sign out everywhere, password change or reset) is
 * refused. The two clocks are the API's and PostgreSQL's: a link signed in the same millisecond
 * as the change is still let through.
 */
export function isRevokedLink(issuedAt: number, tokensRevokedAt: Date | null): boolean {
  return tokensRevokedAt !== null && issuedAt < tokensRevokedAt.getTime();
}

export const linkRevoked = () => new ApiException(HttpStatus.FORBIDDEN, 'FILES_LINK_REVOKED', LINK_REVOKED);
