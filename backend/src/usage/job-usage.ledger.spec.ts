import type { JobReservation } from '../queue/job-usage.port';
import { UsageJobLedger } from './job-usage.ledger';
import type { UsageRepository } from './usage.repository';

describe('UsageJobLedger', () => {
  const reserved: JobReservation = {
    userId: 'u1',
    feature: 'voiceMinutesPerMonth',
    period: '2031-01-01',
    amount: 7,
    limit: 30,
  };

  function ledgerOver() {
    const repository = {
      settleJob: jest.fn().mockResolvedValue(5),
      refund: jest.fn().mockResolvedValue(undefined),
    };
    return { repository, ledger: new UsageJobLedger(repository as unknown as UsageRepository) };
  }

  it('settles a job through the repository, once per key there', async () => {
    const { repository, ledger } = ledgerOver();
    await expect(ledger.settleJob('key-1', reserved, 5)).resolves.toBe(5);
    expect(repository.settleJob).toHaveBeenCalledWith('key-1', reserved, 5);
  });

  it('refunds a keyless job its whole amount on its counter', async () => {
    const { repository, ledger } = ledgerOver();
    await ledger.refund(reserved);
    expect(repository.refund).toHaveBeenCalledTimes(1);
    const [key, amount] = repository.refund.mock.calls[0] as [JobReservation, number];
    expect({ userId: key.userId, feature: key.feature, period: key.period, amount }).toEqual({
      userId: 'u1',
      feature: 'voiceMinutesPerMonth',
      period: '2031-01-01',
      amount: 7,
    });
  });

  it('refuses a reservation whose amount is not a positive whole number', () => {
    const { repository, ledger } = ledgerOver();
    expect(() => ledger.refund({ ...reserved, amount: 0 })).toThrow(/positive whole amount/);
    expect(repository.refund).not.toHaveBeenCalled();
  });
});
