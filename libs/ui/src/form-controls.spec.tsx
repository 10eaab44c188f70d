import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { KasaUiProvider } from './KasaUiProvider';
import { SelectInput } from './SelectInput';
import { TextInput } from './TextInput';

function NetworkChoice({ disabled = false }: { disabled?: boolean }) {
  const [network, setNetwork] = useState('');
  return (
    <KasaUiProvider>
      <SelectInput
        label="Network"
        value={network}
        onChange={(e) => setNetwork(e.target.value)}
        disabled={disabled}
      >
        <option value="" disabled>
          Choose
        </option>
        <option value="MTN">MTN Mobile Money</option>
      </SelectInput>
      <output data-testid="chosen">{network}</output>
    </KasaUiProvider>
  );
}

test('a select input is found by its label and reports the chosen option', async () => {
  render(<NetworkChoice />);
  const select = screen.getByLabelText('Network');
  expect(select.tagName).toBe('SELECT');
  expect(select).toHaveValue('');
  await userEvent.selectOptions(select, 'MTN');
  expect(screen.getByTestId('chosen')).toHaveTextContent('MTN');
});

test('a select input can be disabled', () => {
  render(<NetworkChoice disabled />);
  expect(screen.getByLabelText('Network')).toBeDisabled();
});

test('a text input is found by its label and described by its hint', () => {
  render(
    <KasaUiProvider>
      <TextInput label="Phone number" hint="With the country code" />
    </KasaUiProvider>,
  );
  expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription('With the country code');
});
