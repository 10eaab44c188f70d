import type { Icon } from './icon-set';
import { scopeIds } from './icon-set';

export const OFFLINE_LABEL = 'Offline illustration · no image model connected';
const MAX_CAPTION_LINES = 4;
/** DejaVu Sans averages about 0.55 em per character of running text. */
const AVERAGE_CHAR_EM = 0.55;

export interface IllustrationLayout {
  width: number;
  height: number;
  icons: Icon[];
  caption: string;
}

/** Escapes text for an SVG text node or attribute; drops characters XML 1.0 forbids. */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * Breaks text into at most `maxLines` lines of about `maxChars` characters, at spaces when it can;
 * what does not fit ends with an ellipsis.
 */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (let word of words) {
    while (word.length > maxChars) {
      // A word longer than a line (a URL, a run of letters) is cut.
      if (line) lines.push(line);
      lines.push(word.slice(0, maxChars));
      word = word.slice(maxChars);
      line = '';
    }
    if (!line) line = word;
    else if (line.length + 1 + word.length <= maxChars) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1];
  kept[maxLines - 1] = `${last.length >= maxChars ? last.slice(0, maxChars - 1) : last}…`;
  return kept;
}

/**
 * The offline illustration as SVG: a soft background, a visible "offline" label at the top, the
 * icons in a row, the prompt as a caption under them. Text is escaped; fonts are named, never
 * fetched (the renderer is given the font file).
 */
export function illustrationSvg({ width, height, icons, caption }: IllustrationLayout): string {
  const unit = Math.min(width, height);
  const margin = Math.round(unit * 0.06);
  const labelSize = Math.round(unit * 0.03);
  const captionSize = Math.round(unit * 0.045);
  const captionChars = Math.max(10, Math.floor((width - 2 * margin) / (captionSize * AVERAGE_CHAR_EM)));
  const lines = wrapText(caption, captionChars, MAX_CAPTION_LINES);
  const captionHeight = lines.length * captionSize * 1.3;

  const labelBand = labelSize * 3;
  const top = margin + labelBand;
  const bottom = height - margin - captionHeight - captionSize;
  const gap = Math.round(unit * 0.04);
  const iconSize = Math.floor(
    Math.min(bottom - top, (width - 2 * margin - gap * (icons.length - 1)) / icons.length, unit * 0.45),
  );
  const rowWidth = icons.length * iconSize + (icons.length - 1) * gap;
  const rowX = (width - rowWidth) / 2;
  const rowY = top + (bottom - top - iconSize) / 2;

  const iconElements = icons.map((icon, index) => {
    const x = Math.round(rowX + index * (iconSize + gap));
    return (
      `<svg x="${x}" y="${Math.round(rowY)}" width="${iconSize}" height="${iconSize}" ` +
      `viewBox="0 0 ${icon.width} ${icon.height}">${scopeIds(icon.body, `i${index}-`)}</svg>`
    );
  });
  const captionY = height - margin - captionHeight + captionSize;
  const captionElements = lines.map(
    (line, index) =>
      `<text x="${width / 2}" y="${Math.round(captionY + index * captionSize * 1.3)}" ` +
      `font-size="${captionSize}" fill="#263238" text-anchor="middle">${escapeXml(line)}</text>`,
  );
  const labelWidth = Math.round(OFFLINE_LABEL.length * labelSize * AVERAGE_CHAR_EM + labelSize * 2);

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans">`,
    '<defs><linearGradient id="kasa-bg" x1="0" y1="0" x2="1" y2="1">',
    '<stop offset="0" stop-color="#f1f8e9"/><stop offset="1" stop-color="#e3f2fd"/></linearGradient></defs>',
    `<rect width="${width}" height="${height}" fill="url(#kasa-bg)"/>`,
    `<rect x="${margin / 2}" y="${margin / 2}" width="${width - margin}" height="${height - margin}" rx="${margin / 2}" fill="none" stroke="#c5e1a5" stroke-width="${Math.max(2, Math.round(unit * 0.004))}"/>`,
    `<rect x="${(width - labelWidth) / 2}" y="${margin}" width="${labelWidth}" height="${labelSize * 2}" rx="${labelSize}" fill="#ffffff" fill-opacity="0.85" stroke="#90a4ae"/>`,
    `<text x="${width / 2}" y="${margin + labelSize * 1.35}" font-size="${labelSize}" fill="#455a64" text-anchor="middle">${escapeXml(OFFLINE_LABEL)}</text>`,
    ...iconElements,
    ...captionElements,
    '</svg>',
  ].join('\n');
}
