import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { Badge } from './Badge';
import { KasaUiProvider } from './KasaUiProvider';

function renderBadge(ui: ReactNode) {
  return render(<KasaUiProvider>{ui}</KasaUiProvider>);
}

test('a filled primary label by default, on one line, at the medium size', () => {
  renderBadge(<Badge testId="b">Current Plan</Badge>);
  const badge = screen.getByTestId('b');
  expect(badge.tagName).toBe('SPAN');
  expect(badge).toHaveTextContent('Current Plan');
  expect(badge).toHaveAttribute('data-variant', 'primary');
  expect(badge).toHaveStyle({ whiteSpace: 'nowrap', fontSize: '0.85rem' });
});

test('secondary and destructive are filled labels; small is the dense size', () => {
  renderBadge(
    <>
      <Badge testId="s" variant="secondary" size="small">
        12%
      </Badge>
      <Badge testId="d" variant="destructive" size="small">
        100%
      </Badge>
    </>,
  );
  expect(screen.getByTestId('s')).toHaveAttribute('data-variant', 'secondary');
  expect(screen.getByTestId('s')).toHaveStyle({ fontSize: '0.8rem', whiteSpace: 'nowrap' });
  expect(screen.getByTestId('d')).toHaveAttribute('data-variant', 'destructive');
});

test('outline is bordered and wraps a long value instead of overflowing', () => {
  renderBadge(
    <Badge testId="o" variant="outline">
      a-very-long-model-name-without-spaces
    </Badge>,
  );
  const badge = screen.getByTestId('o');
  expect(badge).toHaveStyle({ borderStyle: 'solid', borderWidth: '1px', maxWidth: '100%' });
  expect(badge).not.toHaveStyle({ whiteSpace: 'nowrap' });
});
