import { Body, Controller, Get, HttpCode, Post, Put, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { NotificationSettingsResponse, ProductNewsResponse } from '@kasa/contracts';
// The guards' own files, not '../auth': the auth module imports the mail service (see ../mail/mail.module.ts).
import { AdminGuard } from '../auth/admin.guard';
import { CurrentUser, JwtAuthGuard } from '../auth/jwt-auth.guard';
import { NoStore } from '../common/no-store';
import { ApiErrorResponse, ApiOtherErrors, ApiSignedIn, ApiValidationFailed } from '../docs';
import type { User } from '../users';
import {
  NotificationSettingsResponseDoc,
  ProductNewsDto,
  ProductNewsResponseDoc,
  UpdateNotificationPreferencesDto,
} from './dto/notifications.dto';
import { NotificationPreferencesService } from './notification-preferences.service';
import { ProductNewsService } from './product-news.service';

/** The account page's Notifications dialog, and the administrators' product news. */
@ApiTags('account')
@ApiOtherErrors()
@ApiSignedIn()
@Controller('account/notifications')
@UseGuards(JwtAuthGuard)
@NoStore()
export class NotificationsController {
  constructor(
    private readonly preferences: NotificationPreferencesService,
    private readonly news: ProductNewsService,
  ) {}

  @Get()
  @ApiOkResponse({ type: NotificationSettingsResponseDoc })
  settings(@CurrentUser() user: User): Promise<NotificationSettingsResponse> {
    return this.preferences.settings(user.id);
  }

  /** Changes the switches sent, keeps the others; answers all of them. */
  @Put()
  @ApiOkResponse({ type: NotificationSettingsResponseDoc })
  @ApiValidationFailed()
  update(
    @CurrentUser() user: User,
    @Body() dto: UpdateNotificationPreferencesDto,
  ): Promise<NotificationSettingsResponse> {
    return this.preferences.update(user.id, dto);
  }

  /** Queues an announcement to every user who turned product news on and has an e-mail. */
  @Post('product-news')
  @HttpCode(202)
  @UseGuards(AdminGuard)
  @ApiAcceptedResponse({ type: ProductNewsResponseDoc })
  @ApiErrorResponse(403, 'The signed-in account is not an administrator (ADMIN_USERNAMES).')
  @ApiValidationFailed()
  productNews(@Body() dto: ProductNewsDto): Promise<ProductNewsResponse> {
    return this.news.announce(dto);
  }
}
