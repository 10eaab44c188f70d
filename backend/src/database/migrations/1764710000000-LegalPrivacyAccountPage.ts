import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Privacy Policy describes the account page as it now is: Export Data builds a ZIP (not a
 * JSON file), deletion is self-service, and e-mail notifications are the user's choice.
 * Version 1.1.
 */
const CHANGES: Array<[before: string, after: string]> = [
  [
    '1. **See and export** your data: use **Export Data** on the Account page to download it as a JSON file.',
    '1. **See and export** your data: use **Export Data** on the Account page to download a ZIP file with your profile, plan, usage and payment records (account.json), each conversation in Markdown and JSON, and your files. The download link lasts 24 hours.',
  ],
  [
    '3. Ask for conversations, files or your whole account to be **deleted**.',
    '3. **Delete** conversations and files, or your whole account: **Delete account** on the Account page (Security tab) deletes it at once, after your password (and your two-factor code when it is on). An active card subscription is cancelled at the same time. Only the payment records the law requires are kept, without your name or e-mail.\n4. **Choose your e-mails**: on the Account page (Preferences, Notifications) turn usage alerts, Pro reminders and product news on or off. Product news is off unless you turn it on.',
  ],
  ['4. **Object** to or **restrict** processing', '5. **Object** to or **restrict** processing'],
  ['5. **Complain** to the data protection authority', '6. **Complain** to the data protection authority'],
];

export class LegalPrivacyAccountPage1764710000000 implements MigrationInterface {
  name = 'LegalPrivacyAccountPage1764710000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Renumber from the end so '4.' → '5.' never meets the new '4.'.
    for (const [before, after] of [...CHANGES].reverse()) {
      await queryRunner.query(
        `UPDATE "legal_page" SET "content" = replace("content", $1, $2) WHERE "type" = 'privacy'`,
        [before, after],
      );
    }
    await queryRunner.query(
      `UPDATE "legal_page" SET "version" = '1.1', "effective_date" = '2026-11-24', "updated_at" = now()
        WHERE "type" = 'privacy'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [before, after] of CHANGES) {
      await queryRunner.query(
        `UPDATE "legal_page" SET "content" = replace("content", $2, $1) WHERE "type" = 'privacy'`,
        [before, after],
      );
    }
    await queryRunner.query(
      `UPDATE "legal_page" SET "version" = '1.0', "effective_date" = '2026-11-23', "updated_at" = now()
        WHERE "type" = 'privacy'`,
    );
  }
}
