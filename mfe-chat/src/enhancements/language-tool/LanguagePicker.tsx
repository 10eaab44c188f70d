// A searchable language list (MUI Autocomplete): typed text matches a language's name, its
// country or its code, and the list is grouped by country. The list loads once per session.
import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { LanguageOption } from '@kasa/contracts';
import { Box, useT } from '@kasa/ui';
import { filterLanguages, languageGroup, sortForGroups } from './helpers';
import { languageToolMessages } from './messages';
import { useLanguages } from './useLanguages';

export function LanguagePicker({
  label,
  value,
  onChange,
  allowEmpty = false,
  emptyLabel,
  testId,
}: {
  label: string;
  /** An ISO 639-3 code, or null (only with allowEmpty: "all languages"). */
  value: string | null;
  onChange: (code: string | null) => void;
  allowEmpty?: boolean;
  /** Shown as the placeholder when nothing is chosen. */
  emptyLabel?: string;
  testId?: string;
}) {
  const t = useT(languageToolMessages);
  const { data, isPending, isError } = useLanguages();
  const options = useMemo(() => sortForGroups(data ?? []), [data]);
  const selected = options.find((option) => option.code === value) ?? null;

  return (
    <Autocomplete<LanguageOption, false, boolean>
      data-testid={testId}
      options={options}
      value={selected}
      disableClearable={!allowEmpty}
      onChange={(_event, option) => onChange(option ? option.code : null)}
      filterOptions={(list, state) => filterLanguages(list, state.inputValue)}
      groupBy={languageGroup}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, current) => option.code === current.code}
      loading={isPending}
      loadingText={t('loadingLanguages')}
      noOptionsText={isError ? t('languagesFailed') : t('noLanguages')}
      autoHighlight
      fullWidth
      size="small"
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ display: 'block !important', minHeight: 44 }}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            {option.name}
          </Box>{' '}
          <Box component="small" sx={{ color: 'text.secondary' }}>
            {option.code} · {option.country}
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={allowEmpty && !selected ? (emptyLabel ?? t('searchLanguages')) : t('searchLanguages')}
          slotProps={{
            ...params.slotProps,
            inputLabel: { ...params.slotProps?.inputLabel, shrink: true },
            htmlInput: { ...params.slotProps?.htmlInput, style: { fontSize: 16 } },
          }}
          helperText={selected && selected.country !== 'International' ? selected.country : undefined}
        />
      )}
    />
  );
}
