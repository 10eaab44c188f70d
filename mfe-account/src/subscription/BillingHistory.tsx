import type { BillingRecord } from '@kasa/contracts';
import { Box, formatLongDate, formatMoney, useLanguage, useT } from '@kasa/ui';
import { subscriptionMessages } from './messages';

const COLUMNS = ['date', 'method', 'amount', 'status', 'period'] as const;

/**
 * The payments as a table; on a phone each row becomes a stacked card (CSS only, one DOM: the
 * cell's column name comes from its data-label), so 360 px never scrolls sideways.
 */
export function BillingHistory({ payments }: { payments: BillingRecord[] }) {
  const t = useT(subscriptionMessages);
  const { language } = useLanguage();
  if (payments.length === 0) {
    return (
      <Box component="p" data-testid="billing-history-empty" sx={{ m: 0, color: 'text.secondary' }}>
        {t('noHistory')}
      </Box>
    );
  }
  const date = (iso: string) => formatLongDate(iso, language);
  const cells = (record: BillingRecord): Record<(typeof COLUMNS)[number], string> => ({
    date: date(record.date),
    method: t(record.method),
    amount: formatMoney(record.amount, record.currency, language),
    status: t(record.status),
    period:
      record.periodStart && record.periodEnd
        ? `${date(record.periodStart)} – ${date(record.periodEnd)}`
        : t('noPeriod'),
  });
  return (
    <Box
      component="table"
      data-testid="billing-history"
      sx={{
        width: '100%',
        borderCollapse: 'collapse',
        fontSize: '0.9rem',
        '& th, & td': { textAlign: 'left', p: 1, borderBottom: '1px solid', borderColor: 'divider' },
        '& th': { fontWeight: 700 },
        '@media (max-width: 599px)': {
          '& thead': { display: 'none' },
          '& tr': { display: 'block', py: 1, borderBottom: '1px solid', borderColor: 'divider' },
          '& td': { display: 'flex', justifyContent: 'space-between', gap: 2, border: 0, px: 0, py: 0.25 },
          '& td::before': { content: 'attr(data-label)', fontWeight: 700 },
        },
      }}
    >
      <thead>
        <tr>
          {COLUMNS.map((column) => (
            <th key={column} scope="col">
              {t(column)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {payments.map((record) => {
          const values = cells(record);
          return (
            <tr key={record.id} data-testid="billing-history-row" data-status={record.status}>
              {COLUMNS.map((column) => (
                <td key={column} data-label={t(column)}>
                  {values[column]}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </Box>
  );
}
