import { Controller, Get, Param, Query, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiExtraModels,
  ApiHeader,
  ApiOkResponse,
  ApiProduces,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentUser, JwtAuthGuard } from '../../auth';
import { ApiErrorResponse, ApiOtherErrors, ApiSignedIn, ApiValidationFailed } from '../../docs';
import type { User } from '../../users';
import { ConversationParams } from '../dto/chat.dto';
import { ChatExportService } from './chat-export.service';
import { ChatExportQuery } from './dto/chat-export.dto';
import { ChatConversationExportDoc } from './dto/chat-export.responses';
import { EXPORT_LANGUAGES, type ExportLanguage } from './export-labels';

/** Export one conversation as a download. Signed in. */
@ApiTags('chat')
@ApiSignedIn()
@ApiOtherErrors()
@Controller('chat/conversations')
@UseGuards(JwtAuthGuard)
export class ChatExportController {
  constructor(private readonly exports: ChatExportService) {}

  @Get(':id/export')
  @ApiProduces('text/markdown', 'application/json')
  @ApiExtraModels(ChatConversationExportDoc)
  @ApiOkResponse({
    description:
      'A download (Content-Disposition: attachment; filename="<title>.md" or .json) of the messages the conversation shows. Markdown: the title, each message with who wrote it and when, replies as written, attachments, images and recordings by name (in French when Accept-Language prefers it). JSON: ChatConversationExport.',
    content: {
      'text/markdown': { schema: { type: 'string' } },
      'application/json': { schema: { $ref: getSchemaPath(ChatConversationExportDoc) } },
    },
  })
  @ApiHeader({
    name: 'Accept-Language',
    required: false,
    description: "The Markdown's words: en (default) or fr.",
  })
  @ApiValidationFailed()
  @ApiErrorResponse(404, "No such conversation among the user's.")
  async export(
    @CurrentUser() user: User,
    @Param() params: ConversationParams,
    @Query() query: ChatExportQuery,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const language = (request.acceptsLanguages(...EXPORT_LANGUAGES) || 'en') as ExportLanguage;
    const download = await this.exports.export(
      user,
      params.id.toLowerCase(),
      query.format ?? 'markdown',
      language,
    );
    response.setHeader('Content-Type', download.contentType);
    response.setHeader('Content-Disposition', download.contentDisposition);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    // The words depend on Accept-Language.
    response.setHeader('Vary', 'Accept-Language');
    response.status(200).send(download.body);
  }
}
