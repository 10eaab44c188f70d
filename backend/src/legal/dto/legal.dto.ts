import {
  Equals,
  IsBoolean,
  IsDefined,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
} from 'class-validator';
import type { CookiePreferencesRequest } from '@kasa/contracts';

/** Browser session ids: a UUID from crypto.randomUUID(), or any similar token of 8–64 safe characters. */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
const SESSION_ID_MESSAGE = 'sessionId must be 8 to 64 characters: letters, digits, "-" or "_"';

/** Path parameter of GET /api/legal/pages/:type ('fair-use' is accepted for 'fair_use'). */
export class LegalPageParams {
  @IsString()
  @MaxLength(32, { message: 'type must be at most 32 characters' })
  @Matches(/^[a-z][a-z_-]*$/, { message: 'type must be lowercase letters, "_" or "-"' })
  type: string;
}

/** Body of POST /api/legal/cookie-preferences. */
export class SaveCookiePreferencesDto implements CookiePreferencesRequest {
  @IsString({ message: 'sessionId must be a string' })
  @MaxLength(64, { message: SESSION_ID_MESSAGE })
  @Matches(SESSION_ID_PATTERN, { message: SESSION_ID_MESSAGE })
  sessionId: string;

  @IsDefined({ message: 'necessary is required' })
  @IsBoolean({ message: 'necessary must be true or false' })
  @Equals(true, { message: 'necessary cookies cannot be turned off: necessary must be true' })
  necessary: boolean;

  @IsDefined({ message: 'analytics is required' })
  @IsBoolean({ message: 'analytics must be true or false' })
  analytics: boolean;

  @IsDefined({ message: 'marketing is required' })
  @IsBoolean({ message: 'marketing must be true or false' })
  marketing: boolean;

  @IsDefined({ message: 'preferences is required' })
  @IsBoolean({ message: 'preferences must be true or false' })
  preferences: boolean;
}

/** Path parameter of GET /api/legal/cookie-preferences/:sessionId. */
export class CookiePreferencesParams {
  @IsString()
  @MaxLength(64, { message: SESSION_ID_MESSAGE })
  @Matches(SESSION_ID_PATTERN, { message: SESSION_ID_MESSAGE })
  sessionId: string;
}

/** Query of GET /api/legal/cookie-preferences/:sessionId (spec: `?type=session`). */
export class CookiePreferencesQuery {
  @IsOptional()
  @IsIn(['session'], { message: "type must be 'session'" })
  type?: 'session';
}
