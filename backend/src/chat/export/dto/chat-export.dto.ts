import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { CHAT_EXPORT_FORMATS, type ChatExportFormat } from '@kasa/contracts';

export const FORMAT_INVALID = `format must be one of: ${CHAT_EXPORT_FORMATS.join(', ')}.`;

/** Query of GET /api/chat/conversations/:id/export. */
export class ChatExportQuery {
  @ApiPropertyOptional({ enum: CHAT_EXPORT_FORMATS, enumName: 'ChatExportFormat', default: 'markdown' })
  @IsOptional()
  @IsIn(CHAT_EXPORT_FORMATS, { message: FORMAT_INVALID })
  format?: ChatExportFormat;
}
