import type { PlanLimits } from '@kasa/contracts';
import type { PlanTable } from '../plans';
import { plansResponse, subscriptionStatus, usageBlock, usagePercent } from './subscription-status';

const basic: PlanLimits = {
  name: 'Basic',
  price: 0,
  priceXaf: 0,
  messagesPerMonth: 50,
  mediaGenerationsPerMonth: 5,
  voiceMinutesPerMonth: 600,
  audioUploadsPerMonth: 5,
  webSearchesPerMonth: 20,
};
const pro: PlanLimits = {
  name: 'Pro',
  price: 4,
  priceXaf: 2500,
  messagesPerMonth: 2000,
  mediaGenerationsPerMonth: 200,
  voiceMinutesPerMonth: 18000,
  audioUploadsPerMonth: 500,
  webSearchesPerMonth: -1,
};
const plans: PlanTable = { BASIC_PLAN: basic, PRO_PLAN: pro };

describe('subscription status', () => {
  it('rounds percentages down, goes past 100 when over, and reads 0 for unlimited', () => {
    expect(usagePercent(0, 50)).toBe(0);
    expect(usagePercent(1, 3)).toBe(33);
    expect(usagePercent(2, 3)).toBe(66);
    expect(usagePercent(40, 50)).toBe(80);
    expect(usagePercent(50, 50)).toBe(100);
    expect(usagePercent(75, 50)).toBe(150);
    expect(usagePercent(12345, -1)).toBe(0);
  });

  it('names each feature by its counter key in current and percentages, by its limit key in limits', () => {
    expect(
      usageBlock(basic, { messagesPerMonth: 49, voiceMinutesPerMonth: 90, webSearchesPerMonth: 20 }),
    ).toEqual({
      current: { messages: 49, mediaGenerations: 0, voiceMinutes: 90, audioUploads: 0, webSearches: 20 },
      limits: {
        messagesPerMonth: 50,
        mediaGenerationsPerMonth: 5,
        voiceMinutesPerMonth: 600,
        audioUploadsPerMonth: 5,
        webSearchesPerMonth: 20,
      },
      percentages: { messages: 98, mediaGenerations: 0, voiceMinutes: 15, audioUploads: 0, webSearches: 100 },
    });
  });

  it("uses the user's plan for the usage block, lists both plans, and resets on the 1st of next month (UTC)", () => {
    const subscription = {
      method: 'card' as const,
      provider: 'sandbox' as const,
      currentPeriodEnd: '2031-02-10T00:00:00.000Z',
      cancelAtPeriodEnd: false,
      cancellable: true,
    };
    const status = subscriptionStatus(
      { plan: 'PRO_PLAN', subscription },
      plans,
      { webSearchesPerMonth: 999 },
      new Date('2031-01-31T23:30:00Z'),
    );
    expect(status).toEqual({
      plan: 'PRO_PLAN',
      planLimits: { BASIC_PLAN: basic, PRO_PLAN: pro },
      usage: expect.objectContaining({
        limits: expect.objectContaining({ webSearchesPerMonth: -1, messagesPerMonth: 2000 }),
        percentages: expect.objectContaining({ webSearches: 0 }),
      }),
      subscription,
      usageResetsAt: '2031-02-01T00:00:00.000Z',
    });
    expect(status.usage.current.webSearches).toBe(999);
  });

  it('lists the plans with their ids, Basic first', () => {
    expect(plansResponse(plans)).toEqual({
      plans: [
        { id: 'BASIC_PLAN', ...basic },
        { id: 'PRO_PLAN', ...pro },
      ],
    });
  });
});
