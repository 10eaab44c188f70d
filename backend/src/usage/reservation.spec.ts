import { Reservation } from './reservation';

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
