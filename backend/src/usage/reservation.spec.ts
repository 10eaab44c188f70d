import { Reservation, type ReservedUsage } from './reservation';

describe('Reservation', () => {
  it('gives its amount back once, however often (and however concurrently) refund is called', async () => {
    const givenBack: Reservation[] = [];
    const reservation = new Reservation(
      { userId: 'u1', period: '2031-01-01', feature: 'voiceMinutesPerMonth' },
      42,
      async (r) => {
        givenBack.push(r);
      },
    );
    expect(reservation).toMatchObject({
      userId: 'u1',
      period: '2031-01-01',
      feature: 'voiceMinutesPerMonth',
      amount: 42,
    });
    await Promise.all([reservation.refund(), reservation.refund()]);
    await reservation.refund();
    expect(givenBack).toEqual([reservation]);
  });
});

describe('Reservation as job data', () => {
  it('survives JSON with its key and amount, and refunds once in the process that restores it', async () => {
    const reservation = new Reservation(
      { userId: 'u2', period: '2031-03-01', feature: 'mediaGenerationsPerMonth' },
      3,
      async () => undefined,
    );
    const carried = JSON.parse(JSON.stringify({ reservation })) as { reservation: ReservedUsage };
    expect(carried).toEqual({
      reservation: { userId: 'u2', period: '2031-03-01', feature: 'mediaGenerationsPerMonth', amount: 3 },
    });
    const givenBack: ReservedUsage[] = [];
    const restored = Reservation.fromJSON(carried.reservation, async (r) => {
      givenBack.push(r.toJSON());
    });
    await Promise.all([restored.refund(), restored.refund()]);
    expect(givenBack).toEqual([carried.reservation]);
  });

  it('refuses carried data with an amount that is not a positive whole number', () => {
    const key = { userId: 'u2', period: '2031-03-01', feature: 'mediaGenerationsPerMonth' as const };
    expect(() => Reservation.fromJSON({ ...key, amount: 0 }, async () => undefined)).toThrow(
      /positive whole/,
    );
    expect(() => Reservation.fromJSON({ ...key, amount: 1.5 }, async () => undefined)).toThrow(
      /positive whole/,
    );
  });
});
