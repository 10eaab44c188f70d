import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { CanvasListResponse, CanvasSave, CanvasSaveResponse } from '@kasa/contracts';
import { CurrentUser, JwtAuthGuard } from '../../auth';
import { HeavyRequest } from '../../concurrency-limits';
import { ApiErrorResponse, ApiOtherErrors, ApiSignedIn, ApiValidationFailed } from '../../docs';
import type { User } from '../../users';
import { CanvasService } from './canvas.service';
import {
  CanvasListResponseDoc,
  CanvasParams,
  CanvasSaveDoc,
  CanvasSaveResponseDoc,
  SaveCanvasDto,
} from './dto/canvas.dto';

/** The chat's canvas editor: saved drawings (unlimited on every plan). */
@ApiTags('enhancements')
@ApiSignedIn()
@ApiOtherErrors()
@Controller('enhancements/canvas')
@UseGuards(JwtAuthGuard)
export class CanvasController {
  constructor(private readonly canvas: CanvasService) {}

  @Post('save')
  @HeavyRequest('canvas-save')
  @HttpCode(200)
  @ApiOkResponse({
    type: CanvasSaveResponseDoc,
    description: 'The stored drawing, with a signed link to its PNG.',
  })
  @ApiValidationFailed(
    'the image is not a PNG data URL (CANVAS_IMAGE_INVALID) or not of the stated size (CANVAS_SIZE_MISMATCH).',
  )
  @ApiErrorResponse(404, "conversationId is not one of the user's conversations.")
  @ApiErrorResponse(413, 'The body passes 15 MB (BODY_TOO_LARGE).')
  save(@CurrentUser() user: User, @Body() body: SaveCanvasDto): Promise<CanvasSaveResponse> {
    return this.canvas.save(user.id, body);
  }

  @Get()
  @ApiOkResponse({ type: CanvasListResponseDoc })
  async list(@CurrentUser() user: User): Promise<CanvasListResponse> {
    return { canvases: await this.canvas.list(user.id) };
  }

  @Get(':id')
  @ApiOkResponse({ type: CanvasSaveDoc })
  @ApiValidationFailed()
  @ApiErrorResponse(404, "Not one of the user's canvases (CANVAS_NOT_FOUND).")
  get(@CurrentUser() user: User, @Param() params: CanvasParams): Promise<CanvasSave> {
    return this.canvas.get(user.id, params.id);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'The canvas and its PNG are deleted.' })
  @ApiValidationFailed()
  @ApiErrorResponse(404, "Not one of the user's canvases (CANVAS_NOT_FOUND).")
  delete(@CurrentUser() user: User, @Param() params: CanvasParams): Promise<void> {
    return this.canvas.delete(user.id, params.id);
  }
}
