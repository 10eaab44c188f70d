import { Body, Controller, Delete, Get, HttpCode, Put, UseGuards } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FarmProfile } from '@kasa/contracts';
import { CurrentUser, JwtAuthGuard } from '../auth';
import { ApiOtherErrors, ApiSignedIn, ApiValidationFailed } from '../docs';
import type { User } from '../users';
import { FarmProfileDoc } from './dto/farm-profile.responses';
import { UpdateFarmProfileDto } from './dto/update-farm-profile.dto';
import { FarmProfileService } from './farm-profile.service';

/** Account → My farm. Every route needs a signed-in user and reads or writes their own profile only. */
@ApiTags('account')
@ApiSignedIn()
@ApiOtherErrors()
@Controller('farm/profile')
@UseGuards(JwtAuthGuard)
export class FarmProfileController {
  constructor(private readonly farm: FarmProfileService) {}

  @Get()
  @ApiOkResponse({ type: FarmProfileDoc, description: 'Every field null or empty before the first save.' })
  get(@CurrentUser() user: User): Promise<FarmProfile> {
    return this.farm.get(user.id);
  }

  @Put()
  @ApiOkResponse({ type: FarmProfileDoc, description: 'The whole profile replaced; answered as stored.' })
  @ApiValidationFailed()
  replace(@CurrentUser() user: User, @Body() body: UpdateFarmProfileDto): Promise<FarmProfile> {
    return this.farm.replace(user.id, body);
  }

  @Delete()
  @HttpCode(204)
  @ApiNoContentResponse({
    description: 'Forgotten (also when there was none); GET answers the empty profile.',
  })
  async forget(@CurrentUser() user: User): Promise<void> {
    await this.farm.forget(user.id);
  }
}
