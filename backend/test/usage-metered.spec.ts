import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BadGatewayException,
  Body,
  Controller,
  type DynamicModule,
  HttpCode,
  type INestApplication,
  Module,
  Post,
  UseGuards,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { IsIn, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { type Observable, of, throwError } from 'rxjs';
import request from 'supertest';
import type { AuthResponse } from '@kasa/contracts';
import { AppModule } from '../src/app.module';
import { AuthModule, JwtAuthGuard } from '../src/auth';
import { ApiExceptionFilter, createValidationPipe } from '../src/common';
import { loadConfig } from '../src/config';
import { Metered, UsageModule } from '../src/usage';
import { createTestDatabase } from './support/test-database';
import { bearer, registerUser } from './support/accounts';
import { MANY_SIGN_UPS, setClock, usedIn } from './support/usage-support';

class ProbeSearchDto {
  @IsString()
  @IsNotEmpty()
  query!: string;

  /** How the work fails, if it does: by throwing, or through the returned observable. */
  @IsOptional()
  @IsIn(['throw', 'observable'])
  fail?: 'throw' | 'observable';
}

/** A feature as later ones will be written: it only declares what it costs. */
@Controller('metered-probe')
@UseGuards(JwtAuthGuard)
class MeteredProbeController {
  searches = 0;

  @Post('search')
  @HttpCode(200)
  @Metered('webSearchesPerMonth')
  search(@Body() body: ProbeSearchDto): Observable<{ results: string[] }> | { results: string[] } {
    this.searches += 1;
    if (body.fail === 'throw') throw new BadGatewayException('The search engine could not be reached.');
    if (body.fail === 'observable')
      return throwError(() => new BadGatewayException('The search engine could not be reached.'));
    return of({ results: [`About ${body.query}`] });
  }

  @Post('upload')
  @HttpCode(200)
  @Metered('audioUploadsPerMonth', 2)
  upload(): { stored: true } {
    return { stored: true };
  }
}

@Module({ imports: [AuthModule, UsageModule], controllers: [MeteredProbeController] })
class MeteredProbeModule {}

@Module({})
class ProbeAppModule {
  static forRoot(config: ReturnType<typeof loadConfig>): DynamicModule {
    return { module: ProbeAppModule, imports: [AppModule.forRoot(config), MeteredProbeModule] };
  }
}

const JANUARY = '2031-01-01';

describe('@Metered', () => {
  let app: INestApplication;
  let probe: MeteredProbeController;
  let databaseUrl: string;
  let close: () => Promise<void>;
  let restoreClock: () => void;
  const http = () => request(app.getHttpServer());
  const searchesUsed = (who: AuthResponse) =>
    usedIn(databaseUrl, who.user.id, 'webSearchesPerMonth', JANUARY);

  beforeAll(async () => {
    const database = await createTestDatabase('usage_metered');
    const dataDir = mkdtempSync(join(tmpdir(), 'kasa-test-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      QUEUE_PREFIX: `t${randomBytes(4).toString('hex')}`,
      ...MANY_SIGN_UPS,
    });
    // The real application with the probe feature added, set up as app.factory.ts sets it up.
    app = await NestFactory.create(ProbeAppModule.forRoot(config), { logger: false, abortOnError: false });
    app.setGlobalPrefix('api');
    app.useGlobalPipes(createValidationPipe());
    app.useGlobalFilters(new ApiExceptionFilter());
    await app.init();
    probe = app.get(MeteredProbeController);
    databaseUrl = database.url;
    close = async () => {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(async () => {
    await close?.();
  });
  beforeEach(() => {
    restoreClock = setClock(app, '2031-01-20T09:00:00.000Z');
  });
  afterEach(() => restoreClock());

  it('counts each call up to the limit, then answers the exact 429 without running the handler', async () => {
    const user = await registerUser(app);
    for (let i = 0; i < 20; i++) {
      const response = await http()
        .post('/api/metered-probe/search')
        .set(bearer(user))
        .send({ query: `cocoa ${i}` })
        .expect(200);
      expect(response.body).toEqual({ results: [`About cocoa ${i}`] });
    }
    expect(await searchesUsed(user)).toBe(20);

    const handled = probe.searches;
    const refused = await http()
      .post('/api/metered-probe/search')
      .set(bearer(user))
      .send({ query: 'one too many' })
      .expect(429);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    // The counters start again on 1 February, 00:00 UTC: 11 days and 15 hours after the clock.
    expect(refused.headers['retry-after']).toBe(String(11 * 86_400 + 15 * 3_600));
    expect(refused.body).toEqual({
      error: 'Usage limit exceeded',
      feature: 'webSearchesPerMonth',
      current: 20,
      limit: 20,
      upgradeRequired: true,
      code: 'USAGE_LIMIT_EXCEEDED',
    });
    expect(probe.searches).toBe(handled);
    expect(await searchesUsed(user)).toBe(20);
  });

  it('gives the reservation back when the handler throws, when its observable fails, and when the body is refused', async () => {
    const user = await registerUser(app);
    await http().post('/api/metered-probe/search').set(bearer(user)).send({ query: 'maize' }).expect(200);

    const thrown = await http()
      .post('/api/metered-probe/search')
      .set(bearer(user))
      .send({ query: 'maize', fail: 'throw' })
      .expect(502);
    expect(thrown.body).toMatchObject({
      statusCode: 502,
      message: 'The search engine could not be reached.',
    });
    await http()
      .post('/api/metered-probe/search')
      .set(bearer(user))
      .send({ query: 'maize', fail: 'observable' })
      .expect(502);
    await http().post('/api/metered-probe/search').set(bearer(user)).send({ query: '' }).expect(400);
    expect(await searchesUsed(user)).toBe(1);
  });

  it('reserves the declared amount', async () => {
    const user = await registerUser(app);
    await http().post('/api/metered-probe/upload').set(bearer(user)).expect(200);
    await http().post('/api/metered-probe/upload').set(bearer(user)).expect(200);
    const refused = await http().post('/api/metered-probe/upload').set(bearer(user)).expect(429);
    expect(refused.body).toEqual({
      error: 'Usage limit exceeded',
      feature: 'audioUploadsPerMonth',
      current: 4,
      limit: 5,
      upgradeRequired: true,
      code: 'USAGE_LIMIT_EXCEEDED',
    });
    expect(await usedIn(databaseUrl, user.user.id, 'audioUploadsPerMonth', JANUARY)).toBe(4);
  });

  it('leaves authentication to the guard: no token is a 401 and counts nothing', async () => {
    const before = probe.searches;
    await http().post('/api/metered-probe/search').send({ query: 'anyone?' }).expect(401);
    expect(probe.searches).toBe(before);
  });

  it('refuses an amount that is not a positive whole number where it is declared', () => {
    expect(() => Metered('mediaGenerationsPerMonth', 0)).toThrow(/positive whole amount/);
    expect(() => Metered('voiceMinutesPerMonth', 1.5)).toThrow(/positive whole amount/);
  });
});
