import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { KasaUiProvider } from './KasaUiProvider';
import { CheckboxField } from './Checkbox';
import { SelectInput } from './SelectInput';
import { TextArea } from './TextArea';
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

test('a text area is found by its label and keeps what is typed', async () => {
  render(
    <KasaUiProvider>
      <TextArea label="Text to translate" hint="Up to 2000 characters" />
    </KasaUiProvider>,
  );
  const area = screen.getByLabelText('Text to translate');
  expect(area.tagName).toBe('TEXTAREA');
  expect(area).toHaveAccessibleDescription('Up to 2000 characters');
  await userEvent.type(area, 'good morning');
  expect(area).toHaveValue('good morning');
});

function Consent() {
  const [on, setOn] = useState(false);
  return (
    <KasaUiProvider>
      <CheckboxField
        label="Include pronunciation"
        hint="Slower"
        checked={on}
        onChange={(e) => setOn(e.target.checked)}
      />
    </KasaUiProvider>
  );
}

test('a checkbox field is drawn by the theme, toggled by its whole label and described by its hint', async () => {
  render(<Consent />);
  const box = screen.getByRole('checkbox', { name: /Include pronunciation/ });
  // The browser's own box is replaced by the theme's drawing.
  expect(getComputedStyle(box).appearance).toBe('none');
  expect(box).toHaveAccessibleDescription('Slower');
  expect(box).not.toBeChecked();
  await userEvent.click(screen.getByText('Include pronunciation'));
  expect(box).toBeChecked();
});
