import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import {
  type CookiePreferencesResponse,
  LEGAL_PAGE_LANGUAGES,
  type LegalPageLanguage,
  type LegalPageResponse,
} from '@kasa/contracts';

@ApiSchema({ name: 'LegalPageResponse' })
export class LegalPageResponseDoc implements Required<LegalPageResponse> {
  @ApiProperty({ type: String, example: 'Terms of Service' })
  title: string;

  @ApiProperty({
    enum: LEGAL_PAGE_LANGUAGES,
    example: 'en',
    description: "The text's language: the one asked for, or 'en' when the page is not written in it yet.",
  })
  language: LegalPageLanguage;

  @ApiProperty({ type: String, example: '1.0' })
  version: string;

  @ApiProperty({ type: String, format: 'date', example: '2025-01-01' })
  effectiveDate: string;

  @ApiProperty({
    type: String,
    description:
      "Simple markdown-like text: '#' headings, '- ' and '1. ' lists, **bold**, blank-line paragraphs.",
  })
  content: string;
}

@ApiSchema({ name: 'CookiePreferencesResponse', description: "A browser session's stored cookie choice." })
export class CookiePreferencesResponseDoc implements Required<CookiePreferencesResponse> {
  @ApiProperty({ type: String, pattern: '^[A-Za-z0-9_-]{8,64}$' })
  sessionId: string;

  @ApiProperty({ type: Boolean, enum: [true] })
  necessary: boolean;

  @ApiProperty({ type: Boolean })
  analytics: boolean;

  @ApiProperty({ type: Boolean })
  marketing: boolean;

  @ApiProperty({ type: Boolean })
  preferences: boolean;

  @ApiProperty({ type: String, format: 'date-time', description: 'The last change.' })
  updatedAt: string;
}
