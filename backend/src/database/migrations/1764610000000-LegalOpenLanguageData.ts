import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Terms of Use name the open data behind the language tool (data/lexicon/NOTICE): its
 * sources, their licence (CC BY 4.0) and their citations, as the licence requires. Version 1.1.
 */
const SECTION = `# Open language data

The language tool's dictionary is built from open data, used under the Creative Commons Attribution 4.0 licence (CC BY 4.0, https://creativecommons.org/licenses/by/4.0/). {{APP_NAME}} did not write these forms and does not change them; the full notice is in the file data/lexicon/NOTICE of {{APP_NAME}}'s source.
- **Glottolog 5.1** (language names, countries, families): Hammarström, Harald & Forkel, Robert & Haspelmath, Martin & Bank, Sebastian. 2024. Glottolog 5.1. Leipzig: Max Planck Institute for Evolutionary Anthropology. https://glottolog.org
- **Numerals**: Chan, Eugene (ed.) 2019. Numeral Systems of the World's Languages (channumerals v1.0, DOI 10.5281/zenodo.3475912), through the lexibank/numerals dataset. For example, Babanki and Bum: Dr. Pius Akumbu through Dr. Robert Hedinger (SIL Cameroon), 2007.
- **Polyglotta Africana**: Koelle, Sigismund W. (1854). Polyglotta Africana. London: Church Missionary House; CLDF dataset by Guillaume Segerer, Robert Forkel and Johann-Mattis List. These forms are Koelle's 1854 transcription, not modern spelling.
- **ASJP**: Wichmann, Søren et al. 2010. The ASJP Database (Version 12). https://asjp.clld.org. These forms are written in ASJPcode, a phonetic ASCII code, not in the languages' spelling.

Entries suggested by an AI model are marked "AI" and are not part of this data.

`;

const BEFORE = '# Availability and changes';

export class LegalOpenLanguageData1764610000000 implements MigrationInterface {
  name = 'LegalOpenLanguageData1764610000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE "legal_page"
          SET "content" = CASE WHEN position($1 in "content") > 0
                               THEN replace("content", $1, $2 || $1)
                               ELSE "content" || E'\\n\\n' || $2 END,
              "version" = '1.1', "effective_date" = '2026-11-24', "updated_at" = now()
        WHERE "type" = 'terms' AND position('# Open language data' in "content") = 0`,
      [BEFORE, SECTION],
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE "legal_page" SET "content" = replace("content", $1, ''), "version" = '1.0',
              "effective_date" = '2026-11-23', "updated_at" = now()
        WHERE "type" = 'terms'`,
      [SECTION],
    );
  }
}
