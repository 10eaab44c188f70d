import { useId } from 'react';
import { Box, ButtonBase, FIELD_LABEL_SX } from '@kasa/ui';

export interface ToggleChip<T extends string> {
  value: T;
  label: string;
}

/**
 * A labelled group of on/off chips (buttons with aria-pressed). They wrap onto as many lines as
 * needed, so the narrowest phone never scrolls sideways; a chosen chip shows a tick as well as a
 * colour.
 */
export function ToggleChips<T extends string>({
  label,
  hint,
  chips,
  chosen,
  onToggle,
  full = false,
  testId,
}: {
  label: string;
  hint?: string;
  chips: ReadonlyArray<ToggleChip<T>>;
  chosen: readonly T[];
  onToggle: (value: T) => void;
  /** No more can be chosen: the chips not chosen are disabled. */
  full?: boolean;
  testId: string;
}) {
  const labelId = useId();
  const hintId = useId();
  return (
    <Box
      role="group"
      aria-labelledby={labelId}
      aria-describedby={hint ? hintId : undefined}
      data-testid={testId}
      sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}
    >
      <Box id={labelId} sx={FIELD_LABEL_SX}>
        {label}
      </Box>
      {hint && (
        <Box component="small" id={hintId} sx={{ color: 'text.secondary' }}>
          {hint}
        </Box>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {chips.map((chip) => {
          const pressed = chosen.includes(chip.value);
          return (
            <ButtonBase
              key={chip.value}
              type="button"
              aria-pressed={pressed}
              disabled={full && !pressed}
              onClick={() => onToggle(chip.value)}
              data-testid={`${testId}-${chip.value}`}
              sx={{
                minHeight: 40,
                px: 1.5,
                borderRadius: 5,
                border: '2px solid',
                borderColor: pressed ? 'text.primary' : 'divider',
                bgcolor: pressed ? 'action.selected' : 'background.paper',
                fontSize: '0.95rem',
                fontWeight: pressed ? 700 : 500,
                maxWidth: '100%',
                overflowWrap: 'anywhere',
                '&.Mui-disabled': { opacity: 0.5 },
                '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'text.primary' },
              }}
            >
              {pressed && (
                <Box component="span" aria-hidden="true" sx={{ mr: 0.5 }}>
                  ✓
                </Box>
              )}
              {chip.label}
            </ButtonBase>
          );
        })}
      </Box>
    </Box>
  );
}
