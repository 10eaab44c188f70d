import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { DeleteAccountResponse } from '@kasa/contracts';

@ApiSchema({ name: 'DeletedAccountData', description: 'What the deletion removed.' })
export class DeletedAccountDataDoc implements Required<DeleteAccountResponse['deleted']> {
  @ApiProperty({ type: Number })
  conversations: number;

  @ApiProperty({ type: Number })
  messages: number;

  @ApiProperty({ type: Number, description: 'Stored files: uploads, images, speech, recordings, canvases.' })
  files: number;

  @ApiProperty({ type: Number })
  uploads: number;
}

@ApiSchema({ name: 'DeleteAccountResponse', description: 'Answered once everything is deleted.' })
export class DeleteAccountResponseDoc implements Required<DeleteAccountResponse> {
  @ApiProperty({ type: Boolean, enum: [true] })
  ok: true;

  @ApiProperty({ type: String, example: 'Your account and all its data have been deleted.' })
  message: string;

  @ApiProperty({ type: () => DeletedAccountDataDoc })
  deleted: DeletedAccountDataDoc;

  @ApiProperty({
    type: Number,
    description: 'Payment records kept, without the user, because accounting law requires them.',
  })
  paymentRecordsKept: number;

  @ApiProperty({ type: Boolean, description: 'A running card subscription was cancelled at once.' })
  cardSubscriptionCancelled: boolean;
}
