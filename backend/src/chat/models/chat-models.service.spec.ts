import type { PlanId } from '@kasa/contracts';
import type { Clock } from '../../common/clock';
import type { AppConfig, ChatModelConfig } from '../../config';
import type { EntitlementService } from '../../entitlement';
import type { User } from '../../users';
import { ChatModelsService } from './chat-models.service';

const EVERY_PLAN: PlanId[] = ['BASIC_PLAN', 'PRO_PLAN'];
const FAST: ChatModelConfig = { id: 'llama3.2:3b', name: 'Fast', plans: EVERY_PLAN };
const LARGE: ChatModelConfig = { id: 'qwen2.5:14b', name: 'Large', plans: ['PRO_PLAN'] };
const SMALL: ChatModelConfig = { id: 'phi3:mini', name: 'Small', plans: EVERY_PLAN };
const user = { id: 'user-1' } as User;
const NOW = new Date('2026-03-01T10:00:00Z');

/** The service over `models` for a user on `plan`; `planReads` counts the entitlement queries. */
function serviceFor(models: ChatModelConfig[], plan: PlanId = 'BASIC_PLAN') {
  const planReads: Array<{ userId: string; at: Date }> = [];
  const entitlement = {
    planOf: (userId: string, at: Date) => {
      planReads.push({ userId, at });
      return Promise.resolve(plan);
    },
  } as unknown as EntitlementService;
  const clock: Clock = { now: () => NOW };
  const service = new ChatModelsService({ chatModels: models } as AppConfig, clock, entitlement);
  return { service, planReads };
}

describe('ChatModelsService', () => {
  describe('with one model', () => {
    it('offers no choice and uses the model without reading the plan', async () => {
      const { service, planReads } = serviceFor([FAST]);
      expect(service.hasChoice).toBe(false);
      await expect(service.choose(user, undefined, undefined)).resolves.toEqual({
        id: FAST.id,
        name: 'Fast',
      });
      await expect(service.choose(user, FAST.id, null)).resolves.toEqual({ id: FAST.id, name: 'Fast' });
      await expect(service.list(user)).resolves.toEqual({
        models: [{ id: FAST.id, name: 'Fast', plans: EVERY_PLAN, allowed: true }],
        defaultModel: FAST.id,
      });
      expect(planReads).toEqual([]);
    });

    it('answers 400 CHAT_MODEL_UNKNOWN for any other model', async () => {
      const { service } = serviceFor([FAST]);
      await expect(service.choose(user, 'gpt-4o', undefined)).rejects.toMatchObject({
        status: 400,
        response: { code: 'CHAT_MODEL_UNKNOWN' },
      });
    });
  });

  describe('with a Pro-only model', () => {
    it('lists every model in order, allowed as the plan says, reading the plan at the clock instant', async () => {
      const basic = serviceFor([FAST, LARGE, SMALL], 'BASIC_PLAN');
      expect(basic.service.hasChoice).toBe(true);
      await expect(basic.service.list(user)).resolves.toEqual({
        models: [
          { id: FAST.id, name: 'Fast', plans: EVERY_PLAN, allowed: true },
          { id: LARGE.id, name: 'Large', plans: ['PRO_PLAN'], allowed: false },
          { id: SMALL.id, name: 'Small', plans: EVERY_PLAN, allowed: true },
        ],
        defaultModel: FAST.id,
      });
      expect(basic.planReads).toEqual([{ userId: 'user-1', at: NOW }]);
      const pro = serviceFor([FAST, LARGE], 'PRO_PLAN');
      expect((await pro.service.list(user)).models.map((model) => model.allowed)).toEqual([true, true]);
    });

    it('gives a Pro user the Pro model asked for', async () => {
      const { service } = serviceFor([FAST, LARGE], 'PRO_PLAN');
      await expect(service.choose(user, LARGE.id, FAST.id)).resolves.toEqual({ id: LARGE.id, name: 'Large' });
    });

    it('refuses a Basic user the Pro model with 403 CHAT_MODEL_NOT_ALLOWED, never another model', async () => {
      const { service } = serviceFor([FAST, LARGE], 'BASIC_PLAN');
      await expect(service.choose(user, LARGE.id, undefined)).rejects.toMatchObject({
        status: 403,
        response: { code: 'CHAT_MODEL_NOT_ALLOWED' },
      });
    });

    it('checks that the model exists before reading the plan', async () => {
      const { service, planReads } = serviceFor([FAST, LARGE]);
      await expect(service.choose(user, 'LARGE', undefined)).rejects.toMatchObject({ status: 400 });
      expect(planReads).toEqual([]);
    });

    it('uses a model every plan may use without reading the plan', async () => {
      const { service, planReads } = serviceFor([FAST, LARGE, SMALL]);
      await expect(service.choose(user, SMALL.id, undefined)).resolves.toEqual({
        id: SMALL.id,
        name: 'Small',
      });
      await expect(service.choose(user, undefined, SMALL.id)).resolves.toEqual({
        id: SMALL.id,
        name: 'Small',
      });
      await expect(service.choose(user, undefined, undefined)).resolves.toEqual({
        id: FAST.id,
        name: 'Fast',
      });
      expect(planReads).toEqual([]);
    });
  });

  describe("without a requested model: the conversation's", () => {
    it('keeps the conversation model while it is configured and allowed', async () => {
      const { service } = serviceFor([FAST, LARGE], 'PRO_PLAN');
      await expect(service.choose(user, undefined, LARGE.id)).resolves.toEqual({
        id: LARGE.id,
        name: 'Large',
      });
    });

    it('falls back to the default when the plan no longer allows it (a lapsed Pro)', async () => {
      const { service } = serviceFor([FAST, LARGE], 'BASIC_PLAN');
      await expect(service.choose(user, undefined, LARGE.id)).resolves.toEqual({ id: FAST.id, name: 'Fast' });
    });

    it('falls back to the default when the model is no longer configured, or there is none', async () => {
      const { service, planReads } = serviceFor([FAST, LARGE], 'PRO_PLAN');
      await expect(service.choose(user, undefined, 'removed-model')).resolves.toEqual({
        id: FAST.id,
        name: 'Fast',
      });
      await expect(service.choose(user, undefined, null)).resolves.toEqual({ id: FAST.id, name: 'Fast' });
      expect(planReads).toEqual([]);
    });
  });

  it('names configured models, null for the others', () => {
    const { service } = serviceFor([FAST, LARGE]);
    expect(service.displayName(LARGE.id)).toBe('Large');
    expect(service.displayName('removed-model')).toBeNull();
    expect(service.displayName(null)).toBeNull();
    expect(service.displayName(undefined)).toBeNull();
  });
});
