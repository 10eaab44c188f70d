import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * The legal pages in French (docs/product.md#legal-pages). A page is now identified by its type
 * and its language, so each language has its own version and effective date: revising the English
 * page does not touch the French one, and the other way round. The French texts translate the
 * English pages as they stand after LegalOpenLanguageData and LegalPrivacyAccountPage (Terms and
 * Privacy 1.1, the others 1.0), in the same markdown-like format, with the same placeholders.
 * Amounts keep their values and currencies, written the French way ('2 500 XAF', not '2,500',
 * which a French reader takes for two and a half).
 */

const VERSION = '1.0';
const EFFECTIVE_DATE = '2026-11-29';

const TERMS = `# Accord

Les présentes conditions d'utilisation régissent votre utilisation de {{APP_NAME}}, une application web d'assistant IA que vous pouvez installer sur votre téléphone ou votre ordinateur. En créant un compte ou en utilisant {{APP_NAME}}, vous acceptez ces conditions, la Politique de confidentialité, la Politique relative aux cookies et la Politique d'utilisation équitable. Si vous ne les acceptez pas, n'utilisez pas {{APP_NAME}}.

# Le service

{{APP_NAME}} propose :
- des discussions avec l'assistant {{ASSISTANT_NAME}}, avec des conversations enregistrées ;
- la génération d'images, la transcription de la parole en texte et la lecture de texte à voix haute ;
- des outils : envoi de fichiers, import depuis un stockage en ligne, recherche sur le web, recherche approfondie, un canevas de dessin et un outil linguistique pour les langues africaines ;
- un forfait **Basic** gratuit et un forfait **Pro** payant, avec des limites d'utilisation mensuelles, décrits sur la page Tarifs.

Certaines fonctions dépendent de services extérieurs (modèles d'IA, prestataires de paiement, moteurs de recherche, stockage en ligne). Quand l'un d'eux n'est pas connecté, {{APP_NAME}} utilise un moteur hors ligne et le dit dans sa réponse, ou vous indique que la fonction n'est pas disponible.

# Votre compte

1. Il vous faut un compte pour tout, sauf les pages publiques. Choisissez un nom d'utilisateur (3 à 32 lettres, chiffres, « _ », « . » ou « - »), un mot de passe d'au moins 6 caractères et, si vous voulez pouvoir réinitialiser votre mot de passe, une adresse e-mail.
2. Vous devez avoir au moins 16 ans, ou l'autorisation d'un parent ou d'un tuteur.
3. Gardez votre mot de passe secret. Vous êtes responsable de ce qui se passe sur votre compte. Prévenez-nous tout de suite si vous pensez que quelqu'un d'autre l'utilise ; changer votre mot de passe ou vous déconnecter ferme vos autres sessions.
4. Une personne, un compte. Ne partagez pas, ne vendez pas et ne cédez pas votre compte.

# Utilisation acceptable

Vous ne devez pas utiliser {{APP_NAME}} pour :
- enfreindre la loi, ou aider quelqu'un d'autre à l'enfreindre ;
- créer ou partager des contenus qui exploitent sexuellement des enfants, incitent à la violence ou à la haine, harcèlent des personnes ou portent atteinte à leur vie privée ;
- vous faire passer pour une autre personne, ou créer des images ou des sons trompeurs de personnes réelles ;
- envoyer des logiciels malveillants, attaquer, sonder ou surcharger le service, ou contourner les limites d'utilisation, la sécurité ou les contrôles d'accès ;
- collecter les données d'autres utilisateurs, ou revendre l'accès au service sans notre autorisation écrite.

La Politique d'utilisation équitable donne plus de détails. Nous pouvons retirer des contenus et suspendre des comptes qui enfreignent ces règles.

# Les réponses de l'IA ne sont pas des conseils professionnels

Les réponses, traductions, transcriptions, images et synthèses de recherche sont produites automatiquement et **peuvent être fausses, incomplètes ou dépassées**. Ce ne sont pas des conseils agricoles, vétérinaires, médicaux, juridiques ou financiers. Vérifiez les informations importantes auprès d'une personne qualifiée (par exemple un conseiller agricole, un médecin ou un avocat) avant d'agir, surtout avant d'utiliser des produits chimiques, des médicaments ou de l'argent.

# Vos contenus

Vous gardez les droits que vous avez sur ce que vous écrivez, envoyez, enregistrez ou dessinez. Vous donnez à {{APP_NAME}} l'autorisation nécessaire pour stocker et traiter ces contenus afin de vous fournir le service (par exemple, envoyer votre message au modèle d'IA qui y répond). Nous n'utilisons pas vos contenus pour vous faire de la publicité et nous ne les vendons pas.

Vous devez avoir le droit d'envoyer ce que vous envoyez. Chaque fichier est limité à 50 Mo et aux types que l'écran d'envoi accepte.

Les contenus générés sont à vous, dans le respect de la loi et des droits des autres. Des demandes semblables peuvent donner des résultats semblables à d'autres utilisateurs.

# Forfaits et paiements

1. **Basic** est gratuit. **Pro** coûte **4 USD par mois** par carte, ou **2 500 XAF pour 30 jours** par mobile money (MTN Mobile Money ou Orange Money). Les prix et les limites sont indiqués sur la page Tarifs avant que vous payiez.
2. Les paiements par carte sont un abonnement mensuel géré par Stripe ; ils se renouvellent automatiquement jusqu'à ce que vous résiliiez. Quand vous résiliez, Pro reste actif jusqu'à la fin de la période payée, puis votre compte repasse en Basic.
3. Les paiements par mobile money sont gérés par Flutterwave et achètent 30 jours de Pro. Ils ne se renouvellent pas automatiquement.
4. Nous ne voyons et ne conservons jamais le numéro complet de votre carte ni le code PIN de votre mobile money.
5. Les limites d'utilisation repartent à zéro au début de chaque mois calendaire (UTC). Ce qui n'a pas été utilisé n'est pas reporté.
6. Les paiements ne sont pas remboursés, sauf si la loi l'exige ou si vous avez été débité par erreur ; dans ce cas, contactez-nous dans les 14 jours.

# Données linguistiques ouvertes

Le dictionnaire de l'outil linguistique est construit à partir de données ouvertes, utilisées sous la licence Creative Commons Attribution 4.0 (CC BY 4.0, https://creativecommons.org/licenses/by/4.0/). {{APP_NAME}} n'a pas écrit ces formes et ne les modifie pas ; la notice complète se trouve dans le fichier data/lexicon/NOTICE du code source de {{APP_NAME}}.
- **Glottolog 5.1** (noms des langues, pays, familles) : Hammarström, Harald & Forkel, Robert & Haspelmath, Martin & Bank, Sebastian. 2024. Glottolog 5.1. Leipzig: Max Planck Institute for Evolutionary Anthropology. https://glottolog.org
- **Numéraux** : Chan, Eugene (ed.) 2019. Numeral Systems of the World's Languages (channumerals v1.0, DOI 10.5281/zenodo.3475912), par le jeu de données lexibank/numerals. Par exemple, babanki et bum : Dr. Pius Akumbu par l'intermédiaire du Dr. Robert Hedinger (SIL Cameroun), 2007.
- **Polyglotta Africana** : Koelle, Sigismund W. (1854). Polyglotta Africana. London: Church Missionary House ; jeu de données CLDF de Guillaume Segerer, Robert Forkel et Johann-Mattis List. Ces formes sont la transcription de Koelle de 1854, pas l'orthographe moderne.
- **ASJP** : Wichmann, Søren et al. 2010. The ASJP Database (Version 12). https://asjp.clld.org. Ces formes sont écrites en ASJPcode, un code phonétique ASCII, et non dans l'orthographe des langues.

Les entrées proposées par un modèle d'IA sont marquées « IA » et ne font pas partie de ces données.

# Disponibilité et modifications

Nous faisons en sorte que {{APP_NAME}} reste disponible, mais nous ne promettons pas qu'il le sera toujours, qu'il sera rapide ou sans erreur. Nous pouvons modifier, ajouter ou retirer des fonctions. Si nous modifions ces conditions de façon importante, nous afficherons la nouvelle version, avec un nouveau numéro de version et une nouvelle date d'entrée en vigueur, avant qu'elle ne s'applique. Continuer à utiliser {{APP_NAME}} ensuite signifie que vous acceptez les nouvelles conditions.

# Arrêter d'utiliser le service

Vous pouvez arrêter d'utiliser {{APP_NAME}} à tout moment, exporter vos données depuis la page Compte et demander la suppression de votre compte. Nous pouvons suspendre ou fermer un compte qui enfreint ces conditions gravement ou de façon répétée ; quand c'est possible, nous vous prévenons d'abord et nous vous disons pourquoi.

# Responsabilité

{{APP_NAME}} est fourni « tel quel ». Dans la mesure permise par la loi, nous ne sommes pas responsables des pertes indirectes, des manques à gagner, des cultures ou récoltes perdues, ni des pertes dues au fait de s'être fié aux réponses de l'IA. Notre responsabilité totale envers vous est limitée au montant que vous nous avez payé dans les 12 mois précédant la réclamation. Rien dans ces conditions ne limite les droits que la loi interdit de limiter.

# Droit applicable et contact

Ces conditions sont régies par le droit du pays où est établi l'exploitant de ce service {{APP_NAME}}. Pour toute question sur ces conditions, contactez-nous par le canal d'assistance de votre forfait (e-mail pour Basic, WhatsApp ou téléphone pour Pro).`;

const PRIVACY = `# Qui nous sommes

Cette politique explique ce que {{APP_NAME}} conserve sur vous, pourquoi, pendant combien de temps, et ce que vous pouvez faire. L'exploitant de ce service {{APP_NAME}} est le responsable du traitement.

# Ce que nous conservons et pourquoi

**Compte**
- Nom d'utilisateur et, si vous en donnez une, adresse e-mail : pour vous connecter, identifier votre compte et envoyer les codes de réinitialisation du mot de passe.
- Votre mot de passe, conservé uniquement sous forme d'**empreinte argon2id** : nous ne pouvons pas lire votre mot de passe.
- Un numéro de version des jetons et des jetons de connexion : pour que la déconnexion ou le changement de mot de passe ferme vos autres sessions.
- Les codes de réinitialisation du mot de passe (valables 15 minutes, à usage unique) et, si vous l'activez, le secret de votre connexion en deux étapes : pour protéger votre compte.
- Vos choix de thème et de langue : pour afficher l'application comme vous l'aimez.

**Ce que vous créez**
- Les conversations et les messages, y compris vos instructions système et les réponses de l'assistant : pour que vous puissiez y revenir.
- Les fichiers envoyés, enregistrements, transcriptions, images et audios générés, canevas et recherches enregistrées : pour fournir les fonctions que vous avez utilisées et permettre à {{ASSISTANT_NAME}} de chercher dans vos propres documents quand il vous répond.

**Compteurs d'utilisation**
- Le nombre de messages, de générations de médias, de secondes de voix, d'envois de fichiers et de recherches web que vous avez utilisés chaque mois : pour appliquer les limites de votre forfait (Basic ou Pro).

**Paiements**
- Votre forfait, sa période et les traces de paiement (montant, devise, statut, date, et les références que Stripe ou Flutterwave nous donnent) : pour activer Pro, gérer les résiliations et tenir la comptabilité.
- Pour le mobile money, nous envoyons votre nom complet, votre e-mail, votre numéro de téléphone et votre réseau à Flutterwave pour demander le paiement. Les données de carte sont saisies directement dans le formulaire de Stripe : nous ne recevons jamais votre numéro de carte.

**Préférences de cookies**
- Un identifiant de session aléatoire et vos choix (nécessaires, statistiques, marketing, préférences) avec la date : pour respecter votre choix. Voir la Politique relative aux cookies.

**Journaux techniques**
- L'heure, l'adresse, le chemin et le résultat de chaque requête, avec un identifiant de requête : pour garder le service sûr et trouver les pannes.

# Qui traite vos données

Nous ne vendons pas vos données et nous ne les utilisons pas pour la publicité. Selon la configuration de ce service, une partie d'entre elles est transmise à :
- un fournisseur de modèles d'IA (un service compatible OpenAI) pour la discussion, les images, la voix et la transcription ; sans fournisseur, des moteurs hors ligne sur notre propre serveur sont utilisés et rien n'en sort ;
- Stripe (paiements par carte) et Flutterwave (paiements par mobile money) ;
- un service de recherche web ou Wikipédia, qui reçoivent vos recherches ;
- Google Drive, seulement si vous le connectez pour importer des fichiers ;
- un fournisseur d'e-mail, pour envoyer les codes de réinitialisation du mot de passe.

Chacun ne reçoit que ce dont il a besoin pour sa tâche.

# Combien de temps nous les gardons

- Données du compte, conversations, fichiers et compteurs d'utilisation : tant que votre compte existe. Quand votre compte est supprimé, elles sont supprimées dans les 30 jours, puis retirées des sauvegardes dans les 30 jours suivants.
- Traces de paiement : aussi longtemps que le droit fiscal et comptable l'exige (jusqu'à 10 ans), même après la suppression du compte.
- Codes de réinitialisation du mot de passe : jusqu'à leur utilisation ou leur expiration (15 minutes).
- Préférences de cookies : supprimées 12 mois après votre dernier changement.
- Journaux techniques : seulement le temps nécessaire à la sécurité et au dépannage.

# Vos droits

Vous pouvez :
1. **Consulter et exporter** vos données : utilisez **Exporter les données** sur la page Compte pour télécharger un fichier ZIP avec votre profil, votre forfait, votre utilisation et vos traces de paiement (account.json), chaque conversation en Markdown et en JSON, et vos fichiers. Le lien de téléchargement est valable 24 heures.
2. **Corriger** votre nom d'utilisateur et votre e-mail sur la page Compte.
3. **Supprimer** des conversations et des fichiers, ou tout votre compte : **Supprimer le compte** sur la page Compte (onglet Sécurité) le supprime immédiatement, après votre mot de passe (et votre code de connexion en deux étapes quand elle est activée). Un abonnement par carte en cours est résilié en même temps. Seules les traces de paiement que la loi exige sont gardées, sans votre nom ni votre e-mail.
4. **Choisir vos e-mails** : sur la page Compte (Préférences, Notifications), activez ou désactivez les alertes d'utilisation, les rappels Pro et les nouveautés du produit. Les nouveautés du produit sont désactivées tant que vous ne les activez pas.
5. Vous **opposer** au traitement ou le **limiter**, et **retirer votre consentement** (par exemple pour les cookies facultatifs) à tout moment ; ce retrait ne remet pas en cause ce qui a été fait avant.
6. **Porter plainte** auprès de l'autorité de protection des données de votre pays.

Nous répondons aux demandes dans les 30 jours et pouvons vous demander de prouver que le compte est bien le vôtre.

# Sécurité

Les mots de passe sont hachés avec argon2id, les connexions sont chiffrées en production, chaque enregistrement est lié à son propriétaire et vérifié à chaque requête, et les fichiers envoyés sont contrôlés et stockés sous des noms aléatoires. Aucun système n'est parfaitement sûr : utilisez un mot de passe solide et activez la connexion en deux étapes.

# Enfants

{{APP_NAME}} n'est pas destiné aux enfants de moins de 16 ans sans l'autorisation d'un parent ou d'un tuteur.

# Modifications et contact

Si nous modifions cette politique, nous publierons la nouvelle version ici, avec un nouveau numéro de version et une nouvelle date d'entrée en vigueur. Pour toute question ou demande sur vos données personnelles, contactez-nous par le canal d'assistance de votre forfait (e-mail pour Basic, WhatsApp ou téléphone pour Pro).`;

const COOKIES = `# Ce que couvre cette politique

{{APP_NAME}} utilise quelques cookies et un stockage semblable dans le navigateur (le stockage local). Cette page les explique et vous laisse choisir. Votre choix est enregistré avec un identifiant de session aléatoire, pas avec votre nom.

# Catégories

**Nécessaires** (toujours actifs)
Ils font fonctionner l'application et ne peuvent pas être désactivés :
- **auth_token** (stockage local) : vous garde connecté jusqu'à ce que vous vous déconnectiez.
- **cookieConsentGiven** (stockage local) : retient que vous avez répondu au bandeau des cookies.
- **pwa-install-dismissed** (stockage local) : retient pendant 7 jours que vous avez fermé la proposition d'installation.
- Thème et langue (stockage local) : vos choix d'affichage.
- Quand vous payez par carte, le formulaire de paiement de Stripe dépose ses propres cookies pour prévenir la fraude.

**Statistiques** (facultatifs)
Nous aident à comprendre comment l'application est utilisée, par exemple quels écrans sont lents, pour l'améliorer.

**Marketing** (facultatifs)
Servent à mesurer ou à personnaliser la promotion de {{APP_NAME}}.

**Préférences** (facultatifs)
Retiennent des choix supplémentaires qui ne sont pas nécessaires au fonctionnement de l'application.

{{APP_NAME}} ne dépose **aucun** cookie de statistiques ou de marketing pour le moment. Si cela change un jour, ils ne seront utilisés que si vous les avez activés.

# Votre choix

- **Tout accepter** active toutes les catégories.
- **Nécessaires uniquement** (ou **Tout refuser** sur cette page) ne garde que les cookies nécessaires.
- **Enregistrer les préférences** garde exactement les interrupteurs que vous avez choisis.
- Fermer le bandeau sans choisir ne garde que les cookies nécessaires.

Vous pouvez changer votre choix à tout moment sur cette page. Votre choix est conservé sur notre serveur avec un identifiant de session aléatoire pendant 12 mois après votre dernier changement, et une marque dans votre navigateur retient que vous avez répondu. Vider le stockage de votre navigateur efface cette marque, et le bandeau vous posera de nouveau la question.

# Contact

Pour toute question sur les cookies, contactez-nous par le canal d'assistance de votre forfait.`;

const FAIR_USE = `# Pourquoi cette politique existe

{{APP_NAME}} partage la puissance de calcul, les modèles d'IA et la capacité du réseau entre de nombreuses personnes, dont beaucoup utilisent des données mobiles lentes ou chères. Cette politique garde le service rapide et équitable pour tous.

# Limites mensuelles

Chaque forfait a des limites mensuelles, indiquées sur la page Tarifs et sur votre page Abonnement :
- **Messages** : un pour chaque message que vous envoyez dans la discussion.
- **Générations de médias** : une pour chaque image.
- **Minutes vocales** : la durée de l'audio que vous transcrivez, plus l'audio que {{APP_NAME}} lit pour vous.
- **Imports audio/fichiers** : un pour chaque fichier audio ou document que vous envoyez.
- **Recherches web** : une pour chaque recherche ou demande de recherche approfondie.

Les compteurs repartent à zéro au début de chaque mois calendaire (UTC). Quand une limite est atteinte, la fonction concernée s'arrête jusqu'au mois suivant ou jusqu'à ce que vous passiez à Pro ; tout le reste continue de fonctionner. Une demande qui échoue de notre côté n'est pas comptée. « Illimité » sur Pro signifie toujours un usage personnel normal, comme décrit ci-dessous.

# Ce qu'est un usage équitable

Un usage équitable, c'est ce dont une personne a besoin pour son propre travail, sa ferme, ses études ou son activité : poser des questions, traduire, écrire, générer des images et de l'audio, et faire des recherches.

# Ce qui n'est pas autorisé

- L'utilisation automatisée ou par script (robots, aspirateurs de données, tests de charge) sans notre autorisation écrite.
- Partager un compte entre plusieurs personnes, ou revendre l'accès.
- Utiliser plusieurs comptes pour contourner les limites.
- Envoyer un très grand nombre de demandes en peu de temps, ou répéter la même demande pour épuiser le service.
- Envoyer des fichiers que vous n'avez pas le droit de partager, ou des fichiers destinés à nuire au service ou aux autres utilisateurs.
- Tout ce que les Conditions d'utilisation interdisent.

# Ce que nous faisons

Nous limitons le nombre de tentatives de connexion, d'inscription et de réinitialisation du mot de passe. Si l'utilisation d'un compte nuit au service ou aux autres utilisateurs, nous pouvons la ralentir, suspendre une fonction ou, en cas d'abus grave ou répété, suspendre le compte. Quand c'est possible, nous vous contactons d'abord pour vous expliquer et vous laisser l'occasion de changer votre façon d'utiliser {{APP_NAME}}.

# Questions

Si vos besoins dépassent le forfait Pro, contactez-nous par le canal d'assistance de votre forfait et nous chercherons une solution.`;

const PRICING = `# Forfaits

{{APP_NAME}} a deux forfaits. Commencez gratuitement avec **Basic** ; passez à **Pro** dès que vous avez besoin de plus.

**Basic : gratuit**
- 50 messages par mois
- 5 générations de médias par mois
- 10 minutes vocales par mois
- 5 imports audio/fichiers par mois
- 20 recherches web par mois
- Canevas : basique
- Outil linguistique : inclus
- Assistance : e-mail uniquement

**Pro : 4 USD par mois par carte, ou 2 500 XAF (2 500 ₣) pour 30 jours par mobile money**
- 2 000 messages par mois
- 200 générations de médias par mois
- 300 minutes vocales par mois
- 500 imports audio/fichiers par mois
- Recherches web illimitées
- Canevas : complet
- Outil linguistique : inclus
- Assistance : prioritaire par WhatsApp/téléphone

# Comment payer

1. **Carte (4 USD par mois)** : un abonnement mensuel payé par Stripe. Il se renouvelle automatiquement. Si vous résiliez, Pro reste actif jusqu'à la fin de la période payée, puis votre compte repasse en Basic.
2. **Mobile money (2 500 XAF pour 30 jours)** : MTN Mobile Money ou Orange Money, payé par Flutterwave. Chaque paiement donne 30 jours de Pro et ne se renouvelle pas tout seul.

# Bon à savoir

- L'utilisation est comptée par mois calendaire (UTC) et repart à zéro le 1er du mois. Ce qui n'a pas été utilisé n'est pas reporté.
- Les minutes vocales comptent l'audio que vous transcrivez et l'audio que {{APP_NAME}} lit.
- Vous voyez votre utilisation à tout moment sur la page Abonnement ; un avertissement s'affiche à 80 % d'une limite.
- Toutes les limites sont soumises à la Politique d'utilisation équitable.

Pour commencer, créez un compte. Pour passer à Pro, ouvrez la page Abonnement après vous être connecté.`;

const FRENCH_PAGES: ReadonlyArray<{ type: string; title: string; content: string }> = [
  { type: 'terms', title: "Conditions d'utilisation", content: TERMS },
  { type: 'privacy', title: 'Politique de confidentialité', content: PRIVACY },
  { type: 'cookies', title: 'Politique relative aux cookies', content: COOKIES },
  { type: 'fair_use', title: "Politique d'utilisation équitable", content: FAIR_USE },
  { type: 'pricing', title: 'Tarifs', content: PRICING },
];

export class LegalPagesFrench1795816540001 implements MigrationInterface {
  name = 'LegalPagesFrench1795816540001';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The existing rows are the English pages; no default afterwards, so every later insert names its language.
    await queryRunner.query(`
      ALTER TABLE "legal_page"
        ADD COLUMN "language" varchar(2) NOT NULL DEFAULT 'en'
        CONSTRAINT "legal_page_language_check" CHECK ("language" IN ('en', 'fr'))`);
    await queryRunner.query(`ALTER TABLE "legal_page" ALTER COLUMN "language" DROP DEFAULT`);
    await queryRunner.query(`ALTER TABLE "legal_page" DROP CONSTRAINT "legal_page_pkey"`);
    await queryRunner.query(`ALTER TABLE "legal_page" ADD PRIMARY KEY ("type", "language")`);
    for (const page of FRENCH_PAGES) {
      await queryRunner.query(
        `INSERT INTO "legal_page" ("type", "language", "title", "version", "effective_date", "content")
         VALUES ($1, 'fr', $2, $3, $4, $5)`,
        [page.type, page.title, VERSION, EFFECTIVE_DATE, page.content],
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "legal_page" WHERE "language" <> 'en'`);
    await queryRunner.query(`ALTER TABLE "legal_page" DROP CONSTRAINT "legal_page_pkey"`);
    await queryRunner.query(`ALTER TABLE "legal_page" ADD PRIMARY KEY ("type")`);
    await queryRunner.query(`ALTER TABLE "legal_page" DROP COLUMN "language"`);
  }
}
