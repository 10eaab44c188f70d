import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { StripeCustomerEntity } from '../entities/stripe-customer.entity';

/** Which Stripe customer is which user. */
@Injectable()
export class StripeCustomerRepository {
  constructor(
    @InjectRepository(StripeCustomerEntity) private readonly customers: Repository<StripeCustomerEntity>,
  ) {}

  async customerIdOf(manager: EntityManager, userId: string): Promise<string | null> {
    return (await manager.getRepository(StripeCustomerEntity).findOneBy({ userId }))?.customerId ?? null;
  }

  async userIdOf(customerId: string): Promise<string | null> {
    return (await this.customers.findOneBy({ customerId }))?.userId ?? null;
  }

  async remember(manager: EntityManager, userId: string, customerId: string): Promise<void> {
    await manager.getRepository(StripeCustomerEntity).insert({ userId, customerId });
  }
}
