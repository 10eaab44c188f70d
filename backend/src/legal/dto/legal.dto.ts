import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
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
import {
  type CookiePreferencesRequest,
  LEGAL_PAGE_LANGUAGES,
  LEGAL_PAGE_TYPES,
  type LegalPageLanguage,
} from '@kasa/contracts';

/** Browser session ids: a UUID from crypto.randomUUID(), or any similar token of 8–64 safe characters. */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
const SESSION_ID_MESSAGE = 'sessionId must be 8 to 64 characters: letters, digits, "-" or "_"';
const PAGE_TYPE_PATTERN = /^[a-z][a-z_-]*$/;
const SESSION_ID_DOC = {
  type: String,
  pattern: SESSION_ID_PATTERN.source,
  description: 'Random id the browser makes for its session, e.g. crypto.randomUUID().',
  example: '3b241101-e2bb-4255-8caf-4136c566a962',
};

/** Path parameter of GET /api/legal/pages/:type ('fair-use' is accepted for 'fair_use'). */
export class LegalPageParams {
  @ApiProperty({
    type: String,
    maxLength: 32,
    pattern: PAGE_TYPE_PATTERN.source,
    description: `One of ${LEGAL_PAGE_TYPES.join(', ')} ('fair-use' too); any other answers 404.`,
    example: 'terms',
  })
  @IsString()
  @MaxLength(32, { message: 'type must be at most 32 characters' })
  @Matches(PAGE_TYPE_PATTERN, { message: 'type must be lowercase letters, "_" or "-"' })
  type: string;
}

/** Query of GET /api/legal/pages/:type (`?lang=fr`): the language to read the page in. */
export class LegalPageQuery {
  @ApiPropertyOptional({
    enum: LEGAL_PAGE_LANGUAGES,
    default: 'en',
    description: "The page's language; a page not written in it yet is answered in English.",
  })
  @IsOptional()
  @IsIn(LEGAL_PAGE_LANGUAGES, { message: `lang must be one of: ${LEGAL_PAGE_LANGUAGES.join(', ')}` })
  lang?: LegalPageLanguage;
}

/** Body of POST /api/legal/cookie-preferences. */
export class SaveCookiePreferencesDto implements CookiePreferencesRequest {
  @ApiProperty(SESSION_ID_DOC)
  @IsString({ message: 'sessionId must be a string' })
  @MaxLength(64, { message: SESSION_ID_MESSAGE })
  @Matches(SESSION_ID_PATTERN, { message: SESSION_ID_MESSAGE })
  sessionId: string;

  @ApiProperty({ type: Boolean, enum: [true], description: 'Strictly necessary cookies cannot be refused.' })
  @IsDefined({ message: 'necessary is required' })
  @IsBoolean({ message: 'necessary must be true or false' })
  @Equals(true, { message: 'necessary cookies cannot be turned off: necessary must be true' })
  necessary: boolean;

  @ApiProperty({ type: Boolean })
  @IsDefined({ message: 'analytics is required' })
  @IsBoolean({ message: 'analytics must be true or false' })
  analytics: boolean;

  @ApiProperty({ type: Boolean })
  @IsDefined({ message: 'marketing is required' })
  @IsBoolean({ message: 'marketing must be true or false' })
  marketing: boolean;

  @ApiProperty({ type: Boolean })
  @IsDefined({ message: 'preferences is required' })
  @IsBoolean({ message: 'preferences must be true or false' })
  preferences: boolean;
}

/** Path parameter of GET /api/legal/cookie-preferences/:sessionId. */
export class CookiePreferencesParams {
  @ApiProperty(SESSION_ID_DOC)
  @IsString()
  @MaxLength(64, { message: SESSION_ID_MESSAGE })
  @Matches(SESSION_ID_PATTERN, { message: SESSION_ID_MESSAGE })
  sessionId: string;
}

/** Query of GET /api/legal/cookie-preferences/:sessionId (`?type=session`). */
export class CookiePreferencesQuery {
  @ApiPropertyOptional({ enum: ['session'] })
  @IsOptional()
  @IsIn(['session'], { message: "type must be 'session'" })
  type?: 'session';
}
