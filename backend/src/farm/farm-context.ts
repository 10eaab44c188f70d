import type { FarmProfile } from '@kasa/contracts';
import { CROP_NAMES, languageName, LIVESTOCK_NAMES, SIZE_UNIT_NAMES } from './farm-labels';

export const FARM_CONTEXT_HEADING =
  "About the user's farm (from their profile; use it when relevant, do not repeat it back):";

/**
 * Characters of one free-text field in the block (the field itself may hold 120): the chat cuts
 * the whole block to its own limit, and one long field should not push the others out.
 */
export const FARM_CONTEXT_TEXT_CHARS = 60;

/** Free text on one line (a line break would read as a new fact), shortened at a word. */
function oneLine(text: string, maxChars = FARM_CONTEXT_TEXT_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= maxChars) return flat;
  const room = flat.slice(0, maxChars - 1);
  const boundary = room.lastIndexOf(' ');
  return `${(boundary > 0 ? room.slice(0, boundary) : room).trimEnd()}…`;
}

/** Chosen items by name, then what the user typed: 'maize, beans; other: moringa'. */
function choicesLine(names: string[], other: string | null): string | null {
  const typed = other ? oneLine(other) : '';
  if (!names.length) return typed || null;
  return typed ? `${names.join(', ')}; other: ${typed}` : names.join(', ');
}

function placeLine(profile: FarmProfile): string | null {
  const parts = [profile.place ? oneLine(profile.place) : null, profile.country].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

/** Only without a place name: the rounded position tells the region. */
function positionLine(profile: FarmProfile): string | null {
  if (profile.place || profile.latitude === null || profile.longitude === null) return null;
  return `${profile.latitude}, ${profile.longitude} (latitude, longitude, about 1 km)`;
}

function sizeLine(profile: FarmProfile): string | null {
  if (profile.size === null || profile.sizeUnit === null) return null;
  const unit = SIZE_UNIT_NAMES[profile.sizeUnit];
  return `${profile.size} ${profile.size === 1 ? unit.one : unit.other}`;
}

/**
 * The farm as the chat's system prompt carries it: the heading, then one line per fact the user
 * gave, most useful first (the chat drops the last lines when the block is too long). Null when
 * the profile says nothing.
 */
export function renderFarmContext(profile: FarmProfile): string | null {
  const facts: Array<[label: string, value: string | null]> = [
    ['Place', placeLine(profile)],
    ['Position', positionLine(profile)],
    [
      'Crops',
      choicesLine(
        profile.crops.map((crop) => CROP_NAMES[crop]),
        profile.otherCrops,
      ),
    ],
    [
      'Livestock',
      choicesLine(
        profile.livestock.map((animal) => LIVESTOCK_NAMES[animal]),
        profile.otherLivestock,
      ),
    ],
    ['Size', sizeLine(profile)],
    ['Languages', profile.languages.length ? profile.languages.map(languageName).join(', ') : null],
  ];
  const lines = facts.filter(([, value]) => value).map(([label, value]) => `- ${label}: ${value}`);
  return lines.length ? [FARM_CONTEXT_HEADING, ...lines].join('\n') : null;
}
