import { knowledgeRankSql, markCutEnds, matchedTermsSql, plainExcerpt } from './full-text';

describe('knowledgeRankSql', () => {
  it('is the formula MIN_KNOWLEDGE_RANK is calibrated for: shared weights, log-length, r / (r + 1)', () => {
    expect(knowledgeRankSql('d.document', 'q.query')).toBe(
      "ts_rank_cd('{0.1, 0.2, 0.4, 1.0}'::float4[], d.document, q.query, 1 | 32)",
    );
  });
});

describe('matchedTermsSql', () => {
  it("checks each term's words in the source's own configuration", () => {
    const sql = matchedTermsSql('simple', 'm."search_vector"', '$5');
    expect(sql).toContain('unnest($5::text[]) WITH ORDINALITY');
    expect(sql).toContain(`m."search_vector" @@ websearch_to_tsquery('simple', t.words)`);
  });
});

describe('plainExcerpt', () => {
  it('removes headings, list marks, bold, links and joins lines', () => {
    const text =
      '# Plans\n\n**Basic: free**\n- 50 messages per month\n1. **Card**: paid through [Stripe](https://stripe.com).\nDone';
    expect(plainExcerpt(text)).toBe(
      'Plans; Basic: free; 50 messages per month; Card: paid through Stripe. Done',
    );
  });
});

describe('markCutEnds', () => {
  it('marks a fragment that starts or ends mid-sentence', () => {
    expect(markCutEnds('per month): a monthly subscription')).toBe('… per month): a monthly subscription …');
    expect(markCutEnds('Basic is free.')).toBe('Basic is free.');
    expect(markCutEnds('')).toBe('');
  });
});
