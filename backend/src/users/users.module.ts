import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User } from './user.entity';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

@Module({
  imports: [TypeOrmModule.forFeature([User])],
  providers: [UsersRepository, UsersService],
  // UsersRepository: JwtAuthGuard's batched token-version lookup, wherever a controller uses the guard.
  exports: [UsersService, UsersRepository],
})
export class UsersModule {}
