// A searchable language list (MUI Autocomplete over the kit's labelled field, like every other
// form field): typed text matches a language's name, its country or its code, and the list is
// grouped by country. Names are in the interface language where Intl knows them
// (language-names.ts). The list loads once per session.
import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import { Box, FIELD_SX, LabelledField, useLanguage, useT } from '@kasa/ui';
import { filterLanguages, sortForGroups } from './helpers';
import { useLanguageNames, type ShownLanguage } from './language-names';
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
  const { language } = useLanguage();
  const names = useLanguageNames();
  const { data, isPending, isError } = useLanguages();
  const options = useMemo(
    () => sortForGroups((data ?? []).map(names.show), language),
    [data, names, language],
  );
  const selected = options.find((option) => option.code === value) ?? null;

  return (
    <Autocomplete<ShownLanguage, false, boolean>
      data-testid={testId}
      options={options}
      value={selected}
      disableClearable={!allowEmpty}
      onChange={(_event, option) => onChange(option ? option.code : null)}
      filterOptions={(list, state) => filterLanguages(list, state.inputValue)}
      groupBy={(option) => option.group}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, current) => option.code === current.code}
      loading={isPending}
      loadingText={t('loadingLanguages')}
      noOptionsText={isError ? t('languagesFailed') : t('noLanguages')}
      autoHighlight
      fullWidth
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
        <LabelledField
          label={label}
          id={params.id}
          hint={selected && !selected.international ? selected.country : undefined}
        >
          {({ controlId, hintId }) => (
            // The field's box anchors the list and holds the open / clear buttons.
            <Box ref={params.slotProps.input.ref} sx={{ position: 'relative' }}>
              <Box
                component="input"
                {...params.slotProps.htmlInput}
                id={controlId}
                aria-describedby={hintId}
                placeholder={
                  allowEmpty && !selected ? (emptyLabel ?? t('searchLanguages')) : t('searchLanguages')
                }
                disabled={params.disabled}
                sx={{ ...FIELD_SX, pr: allowEmpty ? 9 : 5.5 }}
              />
              {params.slotProps.input.endAdornment}
            </Box>
          )}
        </LabelledField>
      )}
    />
  );
}
