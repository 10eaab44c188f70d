import { useId, type KeyboardEvent } from 'react';
import { Box } from '@kasa/ui';

/**
 * A labelled text area with its 'n/max' counter. It grows up to 200 px, then scrolls; Ctrl+Enter
 * (Cmd+Enter) submits, as a phone keyboard's Enter makes a new line.
 */
export function CountedTextArea({
  label,
  value,
  maxLength,
  placeholder,
  disabled,
  testId,
  onChange,
  onSubmit,
}: {
  label: string;
  value: string;
  maxLength: number;
  placeholder?: string;
  disabled?: boolean;
  testId: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
}) {
  const id = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onSubmit();
    }
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Box component="label" htmlFor={id} sx={{ fontWeight: 600, fontSize: '0.95rem' }}>
        {label}
      </Box>
      <Box
        component="textarea"
        id={id}
        data-testid={testId}
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        disabled={disabled}
        rows={4}
        aria-describedby={`${id}-count`}
        onChange={(event: { target: { value: string } }) => onChange(event.target.value.slice(0, maxLength))}
        onKeyDown={onKeyDown}
        sx={{
          font: 'inherit',
          fontSize: '1rem', // 16 px: below this, phones zoom the page on focus
          minHeight: 96,
          maxHeight: 200,
          p: 1.5,
          resize: 'vertical',
          border: '2px solid',
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
          color: 'text.primary',
          width: '100%',
          boxSizing: 'border-box',
          '&:focus': { outline: 'none', borderColor: 'text.primary' },
          '&:disabled': { opacity: 0.6 },
        }}
      />
      <Box
        component="small"
        id={`${id}-count`}
        data-testid={`${testId}-count`}
        sx={{ alignSelf: 'flex-end', color: 'text.secondary' }}
      >
        {value.length}/{maxLength}
      </Box>
    </Box>
  );
}
