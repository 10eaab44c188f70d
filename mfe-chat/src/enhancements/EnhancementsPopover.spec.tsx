// The plus button's menu and the runtime configuration's features: a tool the server cannot run is
// shown disabled, "Not available on this server", before any tap (docs/product.md#features-this-server-cannot-run).
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders, type RenderOptions } from '../testing/chat-harness';
import EnhancementsPopover from './EnhancementsPopover';

function renderMenu(options: RenderOptions) {
  const anchor = document.createElement('button');
  document.body.append(anchor);
  const onPick = jest.fn();
  renderWithProviders(
    <EnhancementsPopover anchor={anchor} menuId="m" onPick={onPick} onClose={jest.fn()} />,
    options,
  );
  return { onPick };
}

test('without cloud storage on this server, its item says so, is aria-disabled and opens nothing', () => {
  const { onPick } = renderMenu({ features: { cloudStorage: false } });
  const item = screen.getByTestId('enhancement-cloud');
  expect(item).toHaveTextContent('Add from cloud storageNot available on this server');
  expect(item).toHaveAttribute('aria-disabled', 'true');
  expect(item).not.toHaveTextContent('GOOGLE');
  fireEvent.click(item);
  expect(onPick).not.toHaveBeenCalled();
  // The other tools are untouched.
  fireEvent.click(screen.getByTestId('enhancement-search'));
  expect(onPick).toHaveBeenCalledWith('search');
});

test('in French: "Non disponible sur ce serveur"', () => {
  renderMenu({ features: { cloudStorage: false }, language: 'fr' });
  expect(screen.getByTestId('enhancement-cloud')).toHaveTextContent('Non disponible sur ce serveur');
});

test('with cloud storage configured, the item opens its dialog', () => {
  const { onPick } = renderMenu({ features: { cloudStorage: true } });
  const item = screen.getByTestId('enhancement-cloud');
  expect(item).not.toHaveAttribute('aria-disabled');
  expect(screen.queryByTestId('enhancement-unavailable')).toBeNull();
  fireEvent.click(item);
  expect(onPick).toHaveBeenCalledWith('cloud');
});
