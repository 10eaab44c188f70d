import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * Legal pages (docs/product.md#legal-pages) and cookie preferences (docs/product.md#cookie-consent).
 * The texts are seeded here in the markdown-like format the shell renders ('#' headings, '- ' and
 * '1. ' lists, **bold**, blank-line paragraphs). '{{APP_NAME}}' and '{{ASSISTANT_NAME}}' are
 * replaced with the configured names when a page is served.
 */

const VERSION = '1.0';
const EFFECTIVE_DATE = '2026-11-23';

const TERMS = `# Agreement

These Terms of Use govern your use of {{APP_NAME}}, an AI assistant web app that can be installed on your phone or computer. By creating an account or using {{APP_NAME}} you agree to these terms, to the Privacy Policy, the Cookie Policy and the Fair Use Policy. If you do not agree, do not use {{APP_NAME}}.

# The service

{{APP_NAME}} offers:
- chat with the assistant {{ASSISTANT_NAME}}, with saved conversations;
- image generation, speech-to-text and text-to-speech;
- tools: file uploads, cloud-storage import, web search, research, a drawing canvas and a language tool for African languages;
- a free **Basic** plan and a paid **Pro** plan with monthly usage limits, described on the Pricing page.

Some features depend on outside services (AI models, payment providers, search engines, cloud storage). When one is not connected, {{APP_NAME}} uses an offline engine and says so in its answer, or tells you that the feature is unavailable.

# Your account

1. You need an account for everything except the public pages. Give a username (3 to 32 letters, digits, "_", "." or "-"), a password of at least 6 characters and, if you want to be able to reset your password, an e-mail address.
2. You must be at least 16 years old, or have the permission of a parent or guardian.
3. Keep your password secret. You are responsible for what happens under your account. Tell us at once if you think someone else is using it; changing your password or logging out signs out your other sessions.
4. One person, one account. Do not share, sell or transfer your account.

# Acceptable use

You must not use {{APP_NAME}} to:
- break the law, or help anyone else break it;
- create or share content that sexually exploits children, incites violence or hatred, harasses people or invades their privacy;
- impersonate a person, or create deceptive images or audio of real people;
- send malware, attack, probe or overload the service, or get around usage limits, security or access controls;
- collect other users' data, or resell access to the service without our written permission.

The Fair Use Policy gives more detail. We may remove content and suspend accounts that break these rules.

# AI answers are not professional advice

Answers, translations, transcriptions, images and research summaries are produced automatically and **can be wrong, incomplete or out of date**. They are not agricultural, veterinary, medical, legal or financial advice. Check important information with a qualified person (for example an extension officer, a doctor or a lawyer) before you act on it, especially before using chemicals, medicines or money.

# Your content

You keep the rights you have in what you type, upload, record or draw. You give {{APP_NAME}} the permission it needs to store and process that content to provide the service to you (for example, sending your message to the AI model that answers it). We do not use your content to advertise to you and we do not sell it.

You are responsible for having the right to upload what you upload. Files are limited to 50 MB each and to the types the upload screen accepts.

Generated content is yours to use, subject to the law and to the rights of others. Similar prompts may give similar results for other users.

# Plans and payments

1. **Basic** is free. **Pro** costs **USD 4 per month** by card, or **XAF 2,500 for 30 days** by mobile money (MTN Mobile Money or Orange Money). Prices and limits are shown on the Pricing page before you pay.
2. Card payments are a monthly subscription handled by Stripe; they renew automatically until you cancel. When you cancel, Pro stays active until the end of the period you paid for, then your account returns to Basic.
3. Mobile money payments are handled by Flutterwave and buy 30 days of Pro. They do not renew automatically.
4. We never see or store your full card number or your mobile money PIN.
5. Usage limits reset at the start of each calendar month (UTC). Unused allowance does not carry over.
6. Payments are not refunded, except where the law requires it or where you were charged by mistake; contact us within 14 days in that case.

# Availability and changes

We work to keep {{APP_NAME}} available but do not promise that it will always be available, fast or free of errors. We may change, add or remove features. If we change these terms in a way that matters, we will show the new version with a new version number and effective date before it applies. Continuing to use {{APP_NAME}} after that means you accept the new terms.

# Ending your use

You may stop using {{APP_NAME}} at any time, export your data from the Account page and ask for your account to be deleted. We may suspend or close an account that seriously or repeatedly breaks these terms; where we can, we will warn you first and tell you why.

# Liability

{{APP_NAME}} is provided "as is". To the extent the law allows, we are not liable for indirect losses, lost profits, lost crops or harvests, or losses caused by relying on AI answers. Our total liability to you is limited to the amount you paid us in the 12 months before the claim. Nothing in these terms limits rights that the law does not allow to be limited.

# Law and contact

These terms are governed by the law of the country where the operator of this {{APP_NAME}} service is established. Questions about these terms: contact us through the support channel of your plan (e-mail for Basic, WhatsApp or phone for Pro).`;

const PRIVACY = `# Who we are

This policy explains what {{APP_NAME}} stores about you, why, for how long, and what you can do about it. The operator of this {{APP_NAME}} service is the data controller.

# What we store and why

**Account**
- Username and, if you give one, e-mail address: to sign you in, to identify your account and to send password reset codes.
- Your password, stored only as an **argon2id hash**: we cannot read your password.
- A token version and sign-in tokens: so that logging out or changing your password signs out your other sessions.
- Password reset codes (valid 15 minutes, single use) and, if you turn it on, your two-factor authentication secret: to protect your account.
- Theme and language choices: to show the app the way you like it.

**What you create**
- Conversations and messages, including your system prompts and the assistant's answers: so that you can come back to them.
- Uploaded files, recordings, transcriptions, generated images and audio, canvases and saved research: to provide the features you used and to let {{ASSISTANT_NAME}} search your own material when it answers you.

**Usage counters**
- How many messages, media generations, voice seconds, uploads and web searches you used each month: to apply the limits of your plan (Basic or Pro).

**Payments**
- Your plan, its period, and payment records (amount, currency, status, date, and the references Stripe or Flutterwave give us): to activate Pro, to handle cancellations and for accounting.
- For mobile money we send your full name, e-mail, phone number and network to Flutterwave to request the payment. Card details are entered directly into Stripe's form: we never receive your card number.

**Cookie preferences**
- A random session id and your choices (necessary, analytics, marketing, preferences) with the date: to respect your choice. See the Cookie Policy.

**Technical logs**
- Request time, address, path, result and a request id: to keep the service secure and to find faults.

# Who processes your data

We do not sell your data and we do not use it for advertising. Depending on how this service is configured, parts of it go to:
- an AI model provider (an OpenAI-compatible service) for chat, images, speech and transcription; without one, offline engines on our own server are used and nothing leaves it;
- Stripe (card payments) and Flutterwave (mobile money payments);
- a web search service or Wikipedia, which receive your search and research queries;
- Google Drive, only if you connect it to import files;
- an e-mail provider, to send password reset codes.

Each of them receives only what it needs for that task.

# How long we keep it

- Account data, conversations, files and usage counters: as long as your account exists. When your account is deleted they are deleted within 30 days, and removed from backups within a further 30 days.
- Payment records: as long as tax and accounting law requires (up to 10 years), even after the account is deleted.
- Password reset codes: until used or expired (15 minutes).
- Cookie preferences: deleted 12 months after your last change.
- Technical logs: only as long as needed for security and troubleshooting.

# Your rights

You can:
1. **See and export** your data: use **Export Data** on the Account page to download it as a JSON file.
2. **Correct** your username and e-mail on the Account page.
3. Ask for conversations, files or your whole account to be **deleted**.
4. **Object** to or **restrict** processing, and **withdraw consent** (for example to optional cookies) at any time; withdrawing does not affect what was done before.
5. **Complain** to the data protection authority of your country.

We answer requests within 30 days and may ask you to prove that the account is yours.

# Security

Passwords are hashed with argon2id, connections are encrypted in production, every record is tied to its owner and checked on each request, and uploaded files are checked and stored under random names. No system is perfectly secure: use a strong password and turn on two-factor authentication.

# Children

{{APP_NAME}} is not meant for children under 16 without the permission of a parent or guardian.

# Changes and contact

If we change this policy we will publish the new version here with a new version number and effective date. For any privacy question or request, contact us through the support channel of your plan (e-mail for Basic, WhatsApp or phone for Pro).`;

const COOKIES = `# What this policy covers

{{APP_NAME}} uses a few cookies and similar browser storage (local storage). This page explains them and lets you choose. Your choice is saved with a random session id, not with your name.

# Categories

**Necessary** (always on)
These make the app work and cannot be turned off:
- **auth_token** (local storage): keeps you signed in until you log out.
- **cookieConsentGiven** (local storage): remembers that you answered the cookie banner.
- **pwa-install-dismissed** (local storage): remembers for 7 days that you closed the install prompt.
- Theme and language (local storage): your display choices.
- When you pay by card, Stripe's payment form sets its own cookies to prevent fraud.

**Analytics** (optional)
Help us understand how the app is used, for example which screens are slow, so that we can improve it.

**Marketing** (optional)
Used to measure or personalise promotion of {{APP_NAME}}.

**Preferences** (optional)
Remember extra choices that are not needed for the app to work.

{{APP_NAME}} does **not** currently set any analytics or marketing cookies. If it ever does, they will only be used when you have turned them on.

# Your choice

- **Accept All** turns on every category.
- **Necessary Only** (or **Reject All** on this page) keeps only the necessary ones.
- **Save Preferences** keeps exactly the toggles you chose.
- Closing the banner without choosing keeps only the necessary ones.

You can change your choice at any time on this page. Your choice is stored on our server with a random session id for 12 months after your last change, and a flag in your browser remembers that you answered. Clearing your browser storage removes the flag, and the banner will ask you again.

# Contact

Questions about cookies: contact us through the support channel of your plan.`;

const FAIR_USE = `# Why this policy exists

{{APP_NAME}} shares computing power, AI models and network capacity between many people, many of them on slow or expensive mobile data. This policy keeps the service fast and fair for everyone.

# Monthly limits

Each plan has monthly limits, shown on the Pricing page and on your Subscription page:
- **Messages**: one for each message you send in chat.
- **Media generations**: one for each image.
- **Voice minutes**: the length of the audio you transcribe plus the audio {{APP_NAME}} speaks for you.
- **Audio/file uploads**: one for each audio file or document you upload.
- **Web searches**: one for each search or research request.

Counters reset at the start of each calendar month (UTC). When a limit is reached, that feature stops until the next month or until you upgrade to Pro; everything else keeps working. A request that fails on our side is not counted. "Unlimited" on Pro still means normal personal use as described below.

# What is fair use

Fair use is what one person needs for their own work, farm, studies or business: asking questions, translating, writing, generating images and audio, and researching.

# What is not allowed

- Automated or scripted use (bots, scrapers, load testing) without our written permission.
- Sharing one account between several people, or reselling access.
- Using several accounts to get around limits.
- Sending very large numbers of requests in a short time, or repeating the same request to exhaust the service.
- Uploading files you have no right to share, or files meant to harm the service or other users.
- Anything the Terms of Use forbid.

# What we do

We limit the rate of sign-in, registration and password-reset attempts. If an account's use harms the service or other users, we may slow it down, pause a feature or, for serious or repeated abuse, suspend the account. Where we can, we contact you first to explain and give you a chance to change how you use {{APP_NAME}}.

# Questions

If your needs go beyond the Pro plan, contact us through the support channel of your plan and we will look for a solution.`;

const PRICING = `# Plans

{{APP_NAME}} has two plans. Start free with **Basic**; upgrade to **Pro** whenever you need more.

**Basic: free**
- 50 messages per month
- 5 media generations per month
- 10 voice minutes per month
- 5 audio/file uploads per month
- 20 web searches per month
- Canvas: basic
- Language tool: included
- Support: email only

**Pro: USD 4 per month by card, or XAF 2,500 (₣2,500) for 30 days by mobile money**
- 2,000 messages per month
- 200 media generations per month
- 300 voice minutes per month
- 500 audio/file uploads per month
- Unlimited web searches
- Canvas: full
- Language tool: included
- Support: priority WhatsApp/phone

# How to pay

1. **Card (USD 4 per month)**: a monthly subscription paid through Stripe. It renews automatically. If you cancel, Pro stays active until the end of the period you paid for, then your account returns to Basic.
2. **Mobile money (XAF 2,500 for 30 days)**: MTN Mobile Money or Orange Money, paid through Flutterwave. Each payment gives 30 days of Pro and does not renew by itself.

# Good to know

- Usage is counted per calendar month (UTC) and resets on the 1st. Unused allowance does not carry over.
- Voice minutes count the audio you transcribe and the audio {{APP_NAME}} speaks.
- You see your usage at any time on the Subscription page; a warning shows at 80% of a limit.
- All limits are subject to the Fair Use Policy.

To start, create an account. To upgrade, open the Subscription page after signing in.`;

const LEGAL_PAGE_SEED: ReadonlyArray<{ type: string; title: string; content: string }> = [
  { type: 'terms', title: 'Terms of Use', content: TERMS },
  { type: 'privacy', title: 'Privacy Policy', content: PRIVACY },
  { type: 'cookies', title: 'Cookie Policy', content: COOKIES },
  { type: 'fair_use', title: 'Fair Use Policy', content: FAIR_USE },
  { type: 'pricing', title: 'Pricing', content: PRICING },
];

export class LegalPages1763900000000 implements MigrationInterface {
  name = 'LegalPages1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "legal_page" (
        "type" varchar(32) PRIMARY KEY,
        "title" varchar(200) NOT NULL,
        "version" varchar(20) NOT NULL DEFAULT '1.0',
        "effective_date" date NOT NULL,
        "content" text NOT NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE "cookie_preferences" (
        "session_id" varchar(64) PRIMARY KEY,
        "necessary" boolean NOT NULL DEFAULT true CHECK ("necessary"),
        "analytics" boolean NOT NULL DEFAULT false,
        "marketing" boolean NOT NULL DEFAULT false,
        "preferences" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "cookie_preferences_updated_at_idx" ON "cookie_preferences" ("updated_at")`,
    );
    for (const page of LEGAL_PAGE_SEED) {
      await queryRunner.query(
        `INSERT INTO "legal_page" ("type", "title", "version", "effective_date", "content") VALUES ($1, $2, $3, $4, $5)`,
        [page.type, page.title, VERSION, EFFECTIVE_DATE, page.content],
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "cookie_preferences"`);
    await queryRunner.query(`DROP TABLE "legal_page"`);
  }
}
