import { useMemo } from 'react';
import { LOCALES, SelectInput, useDisplayNames, useLanguage, useT } from '@kasa/ui';
import { AFRICAN_COUNTRIES, OTHER_COUNTRIES } from './countries';
import { farmMessages } from './messages';

/** The farm's country: African countries first, each group in the alphabetical order of the UI language. */
export function CountrySelect({ value, onChange }: { value: string; onChange: (code: string) => void }) {
  const t = useT(farmMessages);
  const { language } = useLanguage();
  const names = useDisplayNames();
  const groups = useMemo(() => {
    const collator = new Intl.Collator(LOCALES[language]);
    const named = (codes: readonly string[]) =>
      codes
        .map((code) => ({ code, name: names.region(code) }))
        .sort((a, b) => collator.compare(a.name, b.name));
    return { africa: named(AFRICAN_COUNTRIES), other: named(OTHER_COUNTRIES) };
  }, [language, names]);
  // A code saved elsewhere but missing here still shows, rather than being dropped on the next save.
  const unlisted = value && !AFRICAN_COUNTRIES.includes(value) && !OTHER_COUNTRIES.includes(value);
  return (
    <SelectInput
      label={t('country')}
      value={value}
      autoComplete="country"
      onChange={(event) => onChange(event.target.value)}
      data-testid="farm-country"
    >
      <option value="">{t('chooseCountry')}</option>
      {unlisted && <option value={value}>{names.region(value)}</option>}
      <optgroup label={t('africa')}>
        {groups.africa.map(({ code, name }) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </optgroup>
      <optgroup label={t('otherCountries')}>
        {groups.other.map(({ code, name }) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </optgroup>
    </SelectInput>
  );
}
