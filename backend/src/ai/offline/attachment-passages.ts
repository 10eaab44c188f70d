import type { ChatModelAttachment } from '../chat-model.port';
import { markCutEnds, plainExcerpt } from '../knowledge/full-text';
import { questionTerms } from '../knowledge/question-terms';

/** A passage of an attached file the offline advisor quotes, with the file it comes from. */
export interface AttachmentPassage {
  name: string;
  excerpt: string;
  /** How many of the question's terms it contains (0: quoted as the file's beginning). */
  matched: number;
}

/** Longest passage quoted (characters): a few sentences on a phone screen. */
export const MAX_PASSAGE_CHARS = 600;

const fold = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '');

/** The text cut into paragraphs, long ones into pieces of at most MAX_PASSAGE_CHARS at sentence ends. */
export function splitPassages(text: string): string[] {
  const passages: string[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    const clean = plainExcerpt(paragraph);
    if (!clean) continue;
    if (clean.length <= MAX_PASSAGE_CHARS) {
      passages.push(clean);
      continue;
    }
    let piece = '';
    for (const sentence of clean.match(/[^.!?…]+[.!?…]*\s*/g) ?? [clean]) {
      if (piece && piece.length + sentence.length > MAX_PASSAGE_CHARS) {
        passages.push(piece.trim());
        piece = '';
      }
      piece += sentence;
    }
    if (piece.trim()) passages.push(piece.trim().slice(0, MAX_PASSAGE_CHARS));
  }
  return passages;
}

/**
 * The passages of the attached files that best answer the question: those containing the most of
 * its meaningful terms (a term counts when a passage has a word starting with one of its words:
 * "plant" finds "planting"), best first, at most `limit`. When none contains any term (a question
 * like "summarise this"), each file's first passage instead, so the answer still shows the file.
 */
export function attachmentPassages(
  question: string,
  attachments: ChatModelAttachment[],
  limit: number,
): AttachmentPassage[] {
  const terms = questionTerms(question).terms.map((term) =>
    term.search.split(' or ').map((word) => fold(word)),
  );
  const scored: Array<AttachmentPassage & { order: number }> = [];
  let order = 0;
  for (const attachment of attachments) {
    if (!attachment.text) continue;
    for (const passage of splitPassages(attachment.text)) {
      const words = fold(passage).match(/[\p{L}\p{N}]+/gu) ?? [];
      const matched = terms.filter((alternatives) =>
        words.some((word) => alternatives.some((term) => word.startsWith(term))),
      ).length;
      scored.push({ name: attachment.name, excerpt: markCutEnds(passage), matched, order: order++ });
    }
  }
  const relevant = scored
    .filter((passage) => passage.matched > 0)
    .sort((a, b) => b.matched - a.matched || a.order - b.order)
    .slice(0, limit);
  const chosen = relevant.length
    ? relevant
    : attachments
        .map((attachment) => scored.find((passage) => passage.name === attachment.name))
        .filter((passage): passage is AttachmentPassage & { order: number } => Boolean(passage))
        .slice(0, limit);
  return chosen.map(({ name, excerpt, matched }) => ({ name, excerpt, matched }));
}
