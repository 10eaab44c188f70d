import { useMemo, useRef, useState, type FormEvent } from 'react';
import {
  FARM_CROPS,
  FARM_LANGUAGES_MAX,
  FARM_LIVESTOCK,
  FARM_SIZE_UNITS,
  FARM_TEXT_MAX_LENGTH,
  type FarmProfile,
  type FarmSizeUnit,
} from '@kasa/contracts';
import { Box, Button, SelectInput, TextInput, useErrorText, useLanguage, useT, useToast } from '@kasa/ui';
import { CountrySelect } from './CountrySelect';
import { formOf, requestFrom, toggled, type FarmForm as FarmFields } from './farm-form';
import { FarmLocation } from './FarmLocation';
import { farmMessages } from './messages';
import { cropMessages, livestockMessages } from './produce-messages';
import { SPOKEN_LANGUAGES, spokenLanguageName } from './spoken-languages';
import { ToggleChips } from './ToggleChips';
import { useSaveFarmProfile } from './useSaveFarmProfile';

/**
 * The farm's details, filled from the saved profile once; Save sends them all (PUT replaces the
 * whole profile) with the location as last saved.
 */
export function FarmForm({ profile }: { profile: FarmProfile }) {
  const t = useT(farmMessages);
  const crop = useT(cropMessages);
  const animal = useT(livestockMessages);
  const { language } = useLanguage();
  const { toast } = useToast();
  const errorText = useErrorText();
  const save = useSaveFarmProfile();
  const [form, setForm] = useState<FarmFields>(() => formOf(profile));
  const [sizeInvalid, setSizeInvalid] = useState(false);
  const sizeInput = useRef<HTMLInputElement>(null);
  const change = (fields: Partial<FarmFields>) => setForm((current) => ({ ...current, ...fields }));

  // Languages saved earlier but not offered (another app's choice) stay, shown and removable.
  const [languageCodes] = useState(() => [
    ...SPOKEN_LANGUAGES,
    ...profile.languages.filter((code) => !(SPOKEN_LANGUAGES as readonly string[]).includes(code)),
  ]);
  const languageChips = useMemo(
    () => languageCodes.map((code) => ({ value: code, label: spokenLanguageName(code, language) })),
    [languageCodes, language],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = requestFrom(form, profile);
    if (!result.ok) {
      setSizeInvalid(true);
      sizeInput.current?.focus();
      return;
    }
    save.mutate(result.request, {
      onSuccess: () => toast({ title: t('saved'), description: t('savedText') }),
      onError: (error) =>
        toast({
          title: t('saveFailed'),
          description: errorText(error, t('saveFailedText')),
          variant: 'destructive',
        }),
    });
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      data-testid="farm-form"
      sx={{ display: 'grid', gap: 2.5 }}
    >
      <TextInput
        label={t('place')}
        name="place"
        autoComplete="address-level2"
        maxLength={FARM_TEXT_MAX_LENGTH}
        value={form.place}
        onChange={(event) => change({ place: event.target.value })}
        data-testid="farm-place"
      />
      <CountrySelect value={form.country} onChange={(country) => change({ country })} />
      <FarmLocation saved={profile} />
      <ToggleChips
        label={t('crops')}
        chips={FARM_CROPS.map((value) => ({ value, label: crop(value) }))}
        chosen={form.crops}
        onToggle={(value) => change({ crops: toggled(form.crops, value) })}
        testId="farm-crops"
      />
      <TextInput
        label={t('otherCrops')}
        hint={t('otherHint')}
        maxLength={FARM_TEXT_MAX_LENGTH}
        value={form.otherCrops}
        onChange={(event) => change({ otherCrops: event.target.value })}
        data-testid="farm-other-crops"
      />
      <ToggleChips
        label={t('livestock')}
        chips={FARM_LIVESTOCK.map((value) => ({ value, label: animal(value) }))}
        chosen={form.livestock}
        onToggle={(value) => change({ livestock: toggled(form.livestock, value) })}
        testId="farm-livestock"
      />
      <TextInput
        label={t('otherLivestock')}
        hint={t('otherHint')}
        maxLength={FARM_TEXT_MAX_LENGTH}
        value={form.otherLivestock}
        onChange={(event) => change({ otherLivestock: event.target.value })}
        data-testid="farm-other-livestock"
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))' }}>
        <TextInput
          ref={sizeInput}
          label={t('size')}
          inputMode="decimal"
          value={form.size}
          hint={sizeInvalid ? t('sizeInvalid') : undefined}
          aria-invalid={sizeInvalid || undefined}
          onChange={(event) => {
            setSizeInvalid(false);
            change({ size: event.target.value });
          }}
          data-testid="farm-size"
        />
        <SelectInput
          label={t('sizeUnit')}
          value={form.sizeUnit}
          onChange={(event) => change({ sizeUnit: event.target.value as FarmSizeUnit })}
          data-testid="farm-size-unit"
        >
          {FARM_SIZE_UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {t(unit)}
            </option>
          ))}
        </SelectInput>
      </Box>
      <ToggleChips
        label={t('languages')}
        hint={t('languagesHint', { max: FARM_LANGUAGES_MAX })}
        chips={languageChips}
        chosen={form.languages}
        full={form.languages.length >= FARM_LANGUAGES_MAX}
        onToggle={(value) => change({ languages: toggled(form.languages, value) })}
        testId="farm-languages"
      />
      <Box>
        <Button type="submit" variant="contained" disabled={save.isPending} data-testid="farm-save">
          {save.isPending ? t('saving') : t('save')}
        </Button>
      </Box>
    </Box>
  );
}
