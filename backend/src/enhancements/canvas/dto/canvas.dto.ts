import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  CANVAS_MAX_HEIGHT,
  CANVAS_MAX_WIDTH,
  CANVAS_MIN_HEIGHT,
  CANVAS_MIN_WIDTH,
  CANVAS_TITLE_MAX_LENGTH,
  type CanvasListResponse,
  type CanvasSave,
  type CanvasSaveRequest,
  type CanvasSaveResponse,
} from '@kasa/contracts';
import { IsConversationId } from '../../../common';

export const TITLE_REQUIRED = 'Please enter a title for your canvas';
export const TITLE_TOO_LONG = `A canvas title can be at most ${CANVAS_TITLE_MAX_LENGTH} characters long.`;
export const WIDTH_INVALID = `canvasData.width must be a whole number from ${CANVAS_MIN_WIDTH} to ${CANVAS_MAX_WIDTH}.`;
export const HEIGHT_INVALID = `canvasData.height must be a whole number from ${CANVAS_MIN_HEIGHT} to ${CANVAS_MAX_HEIGHT}.`;
export const DATA_URL_REQUIRED = 'canvasData.dataURL must be a PNG data URL (data:image/png;base64,…).';
export const VERSION_INVALID = "canvasData.version must be '1.0'.";
export const CANVAS_DATA_REQUIRED = 'canvasData must be an object with width, height, dataURL and version.';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** The title's rules, in this order (stacked decorators register bottom-up). */
function CanvasTitle(): PropertyDecorator {
  return (target, key) => {
    Transform(trim)(target, key);
    IsString({ message: TITLE_REQUIRED })(target, key);
    IsNotEmpty({ message: TITLE_REQUIRED })(target, key);
    MaxLength(CANVAS_TITLE_MAX_LENGTH, { message: TITLE_TOO_LONG })(target, key);
  };
}

function Dimension(min: number, max: number, message: string): PropertyDecorator {
  return (target, key) => {
    IsInt({ message })(target, key);
    Min(min, { message })(target, key);
    Max(max, { message })(target, key);
  };
}

export class CanvasDataDto {
  @ApiProperty({ type: Number, minimum: CANVAS_MIN_WIDTH, maximum: CANVAS_MAX_WIDTH, example: 800 })
  @Dimension(CANVAS_MIN_WIDTH, CANVAS_MAX_WIDTH, WIDTH_INVALID)
  width: number;

  @ApiProperty({ type: Number, minimum: CANVAS_MIN_HEIGHT, maximum: CANVAS_MAX_HEIGHT, example: 600 })
  @Dimension(CANVAS_MIN_HEIGHT, CANVAS_MAX_HEIGHT, HEIGHT_INVALID)
  height: number;

  @ApiProperty({
    type: String,
    description:
      "The drawing as canvas.toDataURL('image/png'): a PNG of exactly width x height pixels. " +
      'This route accepts JSON bodies up to 15 MB (1 MB elsewhere).',
    example: 'data:image/png;base64,iVBORw0KGgo…',
  })
  @IsString({ message: DATA_URL_REQUIRED })
  @IsNotEmpty({ message: DATA_URL_REQUIRED })
  dataURL: string;

  @ApiProperty({ enum: ['1.0'] })
  @IsIn(['1.0'], { message: VERSION_INVALID })
  version: '1.0';
}

/** Body of POST /api/enhancements/canvas/save. */
export class SaveCanvasDto implements CanvasSaveRequest {
  @ApiProperty({
    type: String,
    minLength: 1,
    maxLength: CANVAS_TITLE_MAX_LENGTH,
    description: 'Surrounding spaces are trimmed; blank is refused.',
    example: 'My farm plan',
  })
  @CanvasTitle()
  title: string;

  @ApiProperty({ type: CanvasDataDto })
  @IsObject({ message: CANVAS_DATA_REQUIRED })
  @ValidateNested()
  @Type(() => CanvasDataDto)
  canvasData: CanvasDataDto;

  @ApiPropertyOptional({ type: String, format: 'uuid', description: "One of the user's conversations." })
  @IsOptional()
  @IsConversationId()
  conversationId?: string;
}

/** Path parameter of /api/enhancements/canvas/:id (a malformed id is a 400, never a database error). */
export class CanvasParams {
  @ApiProperty({ type: String, format: 'uuid' })
  @IsUUID('all', { message: 'The canvas id must be a UUID.' })
  id: string;
}

export class CanvasSaveDoc implements CanvasSave {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'My farm plan' })
  title: string;

  @ApiProperty({ example: 800 })
  width: number;

  @ApiProperty({ example: 600 })
  height: number;

  @ApiProperty({
    description: 'A short-lived signed link to the PNG (works in <img> without a token).',
    example: '/api/files/6f1c0b1e-8d6a-4a43-9f0e-2b8f1f0e4c11?expires=1900000000&sig=…',
  })
  url: string;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

export class CanvasSaveResponseDoc implements CanvasSaveResponse {
  @ApiProperty({ enum: [true] })
  success: true;

  @ApiProperty({ type: CanvasSaveDoc })
  canvasSave: CanvasSaveDoc;
}

export class CanvasListResponseDoc implements CanvasListResponse {
  @ApiProperty({ type: [CanvasSaveDoc], description: 'Newest first.' })
  canvases: CanvasSaveDoc[];
}
