import type { ErrorCode } from '@kasa/contracts';
import { GENERIC_ERROR_TEXTS } from './generic-error-texts';
import { type Catalog, defineMessages } from './i18n';

/** Texts errorText needs beside the codes' own. */
type ErrorTextHelperKey = 'waitSeconds' | 'waitMinutes' | 'networkError' | 'unexpectedError';
export type ErrorTextKey = ErrorCode | ErrorTextHelperKey;

/**
 * English and French for every error code (libs/contracts ERROR_CODES): a code added there
 * without its texts here fails the type check.
 *
 * The English text is the server's own message for that failure, word for word. Where the
 * server's message carries a value the error does not give the client, the English text names it
 * as a placeholder ({model}, {date}...): errorText then shows the server's message instead, which
 * has the value. `{message}` is the server's message itself (codes whose words vary, such as a
 * validation failure). A French text leaves out a value it cannot get when the sentence stands
 * without it, so French readers still read French.
 */
export const errorMessages: Catalog<ErrorTextKey> = defineMessages<ErrorTextKey>({
  en: {
    BAD_REQUEST: '{message}',
    VALIDATION_FAILED: '{message}',
    BODY_TOO_LARGE: '{message}',
    BODY_MALFORMED: '{message}',
    BODY_TOO_COMPLEX: '{message}',
    UNSUPPORTED_MEDIA_TYPE: '{message}',
    UNAUTHORIZED: '{message}',
    FORBIDDEN: '{message}',
    NOT_FOUND: '{message}',
    METHOD_NOT_ALLOWED: '{message}',
    CONFLICT: '{message}',
    RATE_LIMITED: 'Too many attempts. Please wait {wait} and try again.',
    USAGE_LIMIT_EXCEEDED: 'Usage limit exceeded',
    TOO_MANY_CONCURRENT_REQUESTS:
      'You already have too many of these running at once. Wait for one to finish, then try again.',
    REQUEST_TIMEOUT: '{message}',
    INTERNAL_ERROR: 'Something went wrong on our side. Please try again.',
    BAD_GATEWAY: '{message}',
    SERVICE_UNAVAILABLE: '{message}',
    AUTH_INVALID_CREDENTIALS: 'Invalid username or password. Please check your credentials and try again.',
    AUTH_NOT_SIGNED_IN: 'You are not signed in. Please sign in to continue.',
    AUTH_SESSION_ENDED: 'Your session has ended. Please sign in again.',
    AUTH_USERNAME_TAKEN: 'That username is already taken. Please choose another one.',
    AUTH_USERNAME_NOT_FOUND: 'The username you entered was not found.',
    AUTH_WRONG_CURRENT_PASSWORD: 'Your current password is not correct.',
    AUTH_RESET_UNAVAILABLE:
      'This account has no e-mail address, so we cannot send a reset code. Sign in and add an e-mail on the Account page, or contact support.',
    AUTH_RESET_CODE_EXPIRED: 'This reset code has expired or was already used. Please request a new code.',
    // The server adds how many tries are left.
    AUTH_RESET_CODE_WRONG: '{message}',
    AUTH_RESET_CODE_LOCKED: 'Too many wrong codes. Please request a new code.',
    AUTH_ADMIN_ONLY: 'Only an administrator can do this.',
    CHAT_CONVERSATION_NOT_FOUND: 'Conversation not found.',
    CHAT_SERVER_RESTARTING: 'The server is restarting. Please send your message again in a moment.',
    CHAT_REPLY_FAILED: 'Sorry, something went wrong while writing the reply. Please try again.',
    CHAT_REPLY_INTERRUPTED: 'The reply was interrupted by a server restart.',
    CHAT_REPLY_NOT_SAVED: 'The reply could not be saved. Please try again.',
    CHAT_MESSAGE_NOT_FOUND: 'This reply was not found.',
    CHAT_IDEMPOTENCY_KEY_REUSED: 'This message was already sent with different text. Please send it again.',
    CHAT_REPLY_STILL_WRITING: 'This reply is still being written. Stop it first, or wait until it ends.',
    CHAT_MESSAGE_NOT_REPLY: 'Only a reply can be regenerated or rated.',
    CHAT_MODEL_NOT_ALLOWED: 'This model is not available on your plan. Upgrade to Pro to use it.',
    CHAT_MODEL_UNKNOWN: 'This model is not offered here any more. Pick another one.',
    SHARE_NOT_FOUND: 'This shared conversation does not exist or is no longer shared.',
    IDEMPOTENCY_KEY_REUSED: 'This request was already sent with different content. Please try it again.',
    REQUEST_IN_PROGRESS: 'This request is still being processed. Its result will follow shortly.',
    CHAT_ATTACHMENT_NOT_FOUND: 'An attached file or canvas was not found. Remove it and try again.',
    UPLOAD_FILE_MISSING: 'Please select a file to upload.',
    UPLOAD_TYPE_NOT_ALLOWED:
      'Invalid file type: {file}. Only images, PDFs, Word docs, and text files are allowed.',
    UPLOAD_TOO_LARGE: 'File too large: {file}. Maximum size is 50MB.',
    UPLOAD_NOT_FOUND: 'Upload not found.',
    UPLOAD_OCR_UNAVAILABLE: 'Text recognition (OCR) is not available on this server.',
    UPLOAD_EXTRACTION_FAILED: 'The text of this file could not be read.',
    UPLOAD_EXTRACTION_LIMIT: '{message}',
    SEARCH_PROVIDERS_FAILED: 'Search failed. The search services could not be reached. Please try again.',
    RESEARCH_FAILED: 'Research failed. Please try again.',
    RESEARCH_NOT_FOUND: 'Research not found.',
    CANVAS_NOT_FOUND: 'Canvas not found.',
    CANVAS_IMAGE_INVALID: '{message}',
    CANVAS_SIZE_MISMATCH:
      'The canvas image is {imageWidth}x{imageHeight} pixels, not the {width}x{height} stated.',
    DRIVE_NOT_CONFIGURED: 'Google Drive import is not available on this server.',
    DRIVE_NOT_CONNECTED: 'Connect Google Drive first.',
    DRIVE_ACCESS_REVOKED:
      'Access to your Google Drive was revoked or has expired. Connect Google Drive again.',
    DRIVE_FILE_NOT_FOUND: 'This file was not found in your Google Drive.',
    DRIVE_FILE_UNSUPPORTED:
      '{file} cannot be imported: only files, Google Docs, Sheets, Slides and Drawings can.',
    DRIVE_UNREACHABLE: 'Google Drive could not be reached. Please try again.',
    DRIVE_FAILED: 'Google Drive answered with an error. Please try again.',
    LANGUAGE_TOOL_UNKNOWN_LANGUAGE: 'This language is not in the language list.',
    LANGUAGE_TOOL_SAME_LANGUAGE: 'Choose two different languages.',
    DICTIONARY_DATA_MISSING: 'The dictionary data is not available on this server.',
    DICTIONARY_ENTRY_NOT_FOUND: 'Dictionary entry not found.',
    DICTIONARY_AUDIO_UNAVAILABLE: 'The speech engine has no voice for this word.',
    AUTH_TWO_FACTOR_CODE_WRONG:
      'That code is not correct, or it was already used. Check your authenticator app and try again.',
    AUTH_TWO_FACTOR_CHALLENGE_EXPIRED:
      'This sign-in took too long. Please enter your username and password again.',
    AUTH_TWO_FACTOR_ALREADY_ENABLED: 'Two-factor sign-in is already on.',
    AUTH_TWO_FACTOR_NOT_ENABLED: 'Two-factor sign-in is not on.',
    AUTH_TWO_FACTOR_SETUP_MISSING: 'Start the two-factor setup again: no setup is waiting for a code.',
    AUTH_TWO_FACTOR_CODE_REQUIRED: 'Enter a code from your authenticator app, or a backup code.',
    AUTH_TWO_FACTOR_LOCKED:
      'Too many wrong codes: two-factor sign-in is locked for this account. Try again in {wait}, or use the unlock link we sent by e-mail.',
    AUTH_CURRENT_PASSWORD_REQUIRED: 'Enter your current password to change your e-mail address.',
    ACCOUNT_EXPORT_NOT_FOUND: 'This export does not exist.',
    ACCOUNT_EXPORT_EXPIRED: 'This export has expired. Start a new one.',
    ACCOUNT_EXPORT_FAILED: 'The export could not be built. Please try again.',
    ACCOUNT_DELETE_BILLING_FAILED:
      'Your card subscription could not be cancelled, so your account was not deleted. Please try again in a moment.',
    WEATHER_PLACE_NOT_FOUND:
      'This place was not found. Check its spelling and country, or use your location.',
    WEATHER_UNAVAILABLE: 'The forecast could not be fetched right now. Please try again later.',
    AI_BUSY: 'The AI service is busy right now. Please try again in a minute.',
    AI_UNAVAILABLE: 'The AI service could not be reached.',
    // The server's words for its own set-up failures name no setting: that goes to its log.
    AI_MODEL_UNKNOWN: 'The AI service is not set up correctly on this server. Please tell the administrator.',
    AI_AUTH_FAILED: 'The AI service is not set up correctly on this server. Please tell the administrator.',
    AI_TIMEOUT: 'The AI service did not answer in time.',
    AI_REQUEST_REFUSED:
      'The AI service is not set up correctly on this server. Please tell the administrator.',
    AI_CONVERSATION_TOO_LONG:
      'The conversation is too long for the model "{model}". Please start a new conversation.',
    AI_FAILED: 'The AI service failed while answering. Please try again.',
    AI_UNREADABLE_ANSWER: 'The AI service sent an answer that could not be read.',
    AI_STOPPED_MID_REPLY: 'The AI service stopped in the middle of the reply. Please try again.',
    AI_PROMPT_REFUSED: 'The image service refused this description. Please describe it differently.',
    MEDIA_VIDEO_UNAVAILABLE: 'Video generation is not available yet.',
    IMAGE_PROMPT_NOT_ILLUSTRATABLE:
      "Kasa's offline illustrations cannot draw this yet. Try naming a crop, an animal, a tool or the weather.",
    STT_UNAVAILABLE: 'Transcription is not available on this server.',
    VOICE_AUDIO_UNREADABLE: 'This audio could not be read. Please try another recording.',
    VOICE_ENGINE_FAILED: 'The voice engine failed. Please try again.',
    VOICE_AUDIO_MISSING: 'Please select an audio file.',
    VOICE_NOT_AUDIO: 'Please select an audio file.',
    VOICE_AUDIO_TOO_LARGE: 'This audio file is too large (at most 50 MB).',
    VOICE_RECORDING_EMPTY: 'The recording is empty. Hold the phone close and speak, then try again.',
    VOICE_LANGUAGE_UNSUPPORTED:
      'Speech in this language cannot be understood here yet. Choose another language under “I speak”, or type your message.',
    VOICE_NOTHING_HEARD:
      'Nothing was heard in the recording. Please speak closer to the microphone and try again.',
    VOICE_RECORDING_NOT_FOUND: 'This recording is no longer available.',
    JOB_NO_WORKER: 'This service is not running right now. Please try again in a moment.',
    JOB_TIMEOUT: 'This is taking longer than expected. Please try again in a moment.',
    JOB_FAILED: 'Something went wrong while doing this. Please try again.',
    STORAGE_FULL:
      'Kasa could not save the result because its storage is full. You were not charged. Please try again later.',
    LEGAL_PAGE_NOT_FOUND: '{message}',
    FILES_LINK_EXPIRED: 'This link has expired. Reload the page to get a new one.',
    FILES_LINK_INVALID: 'This link is not valid.',
    FILES_NOT_FOUND: 'This file no longer exists.',
    FILES_RANGE_NOT_SATISFIABLE: 'This part of the file does not exist.',
    FILES_NO_THUMBNAIL: 'This file has no preview. Open the original instead.',
    FILES_THUMBNAIL_BUSY: 'Previews are busy. Try again in a few seconds, or open the original.',
    FILES_LINK_REVOKED:
      'This link stopped working when the account signed out everywhere or changed its password. Reload the page for a new link.',
    BILLING_NO_CARD_SUBSCRIPTION: 'You have no active card subscription to cancel.',
    BILLING_ALREADY_CANCELLED: 'Your subscription is already cancelled: Pro ends on {date}.',
    BILLING_PROVIDER_NOT_CONFIGURED:
      'This subscription was paid through {provider}, which is not configured on this server now.',
    BILLING_PROVIDER_BUSY: 'The card payment provider is busy. Please try again in a moment.',
    BILLING_PROVIDER_UNREACHABLE:
      'The card payment provider could not be reached. Please try again in a moment.',
    BILLING_PROVIDER_REFUSED: 'The card payment provider refused the request. Please try again later.',
    BILLING_NETWORK_UNSUPPORTED:
      '{network} payments are not available in Cameroon. Please choose MTN or Orange.',
    BILLING_WEBHOOK_INVALID: 'The webhook names no transaction (data.id).',
    BILLING_CHECKOUT_NOT_FOUND:
      'This sandbox checkout does not exist, or its payment method no longer runs in the sandbox.',
    BILLING_PHONE_NOT_CAMEROON:
      'Mobile money payments are for Cameroon numbers: enter your number with +237 in front.',
    BILLING_PHONE_INVALID:
      'This is not a mobile money number of the payment country: check it against the format under the field.',
    BILLING_MOBILE_MONEY_UNREACHABLE: 'The mobile money provider could not be reached. Please try again.',
    BILLING_MOBILE_MONEY_UNAVAILABLE:
      'Mobile money payments are unavailable right now. Please try again later.',
    BILLING_MOBILE_MONEY_REFUSED: 'The mobile money provider refused the payment: {reason}',
    BILLING_STRIPE_NOT_CONFIGURED: 'Stripe is not configured: card payments run in the sandbox.',
    BILLING_FLUTTERWAVE_NOT_CONFIGURED: 'Flutterwave is not configured: mobile money runs in the sandbox.',
    BILLING_WEBHOOK_SIGNATURE_INVALID:
      'The Stripe-Signature header is missing or does not match the payload.',
    BILLING_WEBHOOK_HASH_INVALID: 'The verif-hash header is missing or wrong.',
    BILLING_WEBHOOK_VERIFICATION_UNAVAILABLE:
      'The transaction could not be verified with Flutterwave; retry later.',
    // The server's own wording of a wait (rate-limit-service: minutes from 2 minutes on).
    waitSeconds: '{count} seconds',
    waitMinutes: '{count} minutes',
    ...GENERIC_ERROR_TEXTS.en,
  },
  fr: {
    BAD_REQUEST: "La demande n'est pas valide.",
    VALIDATION_FAILED: 'Certaines informations saisies ne sont pas valides. Vérifiez-les, puis réessayez.',
    BODY_TOO_LARGE: 'Les données envoyées sont trop volumineuses.',
    BODY_MALFORMED: 'Les données envoyées sont illisibles.',
    BODY_TOO_COMPLEX: 'Les données envoyées comportent trop de champs ou trop de niveaux.',
    UNSUPPORTED_MEDIA_TYPE: "Ce type de contenu n'est pas pris en charge.",
    UNAUTHORIZED: 'Veuillez vous connecter pour continuer.',
    FORBIDDEN: "Vous n'avez pas l'autorisation de faire ceci.",
    NOT_FOUND: 'Ce que vous cherchez est introuvable.',
    METHOD_NOT_ALLOWED: "Cette action n'est pas permise ici.",
    CONFLICT: "Cette action entre en conflit avec l'état actuel. Actualisez la page, puis réessayez.",
    RATE_LIMITED: 'Trop de tentatives. Veuillez patienter {wait}, puis réessayer.',
    USAGE_LIMIT_EXCEEDED: "Limite d'utilisation atteinte",
    TOO_MANY_CONCURRENT_REQUESTS:
      "Vous avez déjà trop de demandes de ce type en cours. Attendez qu'une se termine, puis réessayez.",
    REQUEST_TIMEOUT: 'La demande a pris trop de temps. Veuillez réessayer.',
    INTERNAL_ERROR: 'Une erreur est survenue de notre côté. Veuillez réessayer.',
    BAD_GATEWAY: "Un service dont nous dépendons n'a pas répondu correctement. Veuillez réessayer.",
    SERVICE_UNAVAILABLE: 'Le service est momentanément indisponible. Veuillez réessayer dans un instant.',
    AUTH_INVALID_CREDENTIALS:
      "Nom d'utilisateur ou mot de passe incorrect. Vérifiez vos identifiants, puis réessayez.",
    AUTH_NOT_SIGNED_IN: "Vous n'êtes pas connecté. Veuillez vous connecter pour continuer.",
    AUTH_SESSION_ENDED: 'Votre session a pris fin. Veuillez vous reconnecter.',
    AUTH_USERNAME_TAKEN: "Ce nom d'utilisateur est déjà pris. Veuillez en choisir un autre.",
    AUTH_USERNAME_NOT_FOUND: "Le nom d'utilisateur saisi est introuvable.",
    AUTH_WRONG_CURRENT_PASSWORD: "Votre mot de passe actuel n'est pas correct.",
    AUTH_RESET_UNAVAILABLE:
      "Ce compte n'a pas d'adresse e-mail : nous ne pouvons pas envoyer de code de réinitialisation. Connectez-vous et ajoutez une adresse e-mail sur la page Compte, ou contactez l'assistance.",
    AUTH_RESET_CODE_EXPIRED:
      'Ce code de réinitialisation a expiré ou a déjà été utilisé. Veuillez demander un nouveau code.',
    AUTH_RESET_CODE_WRONG: "Le code de réinitialisation n'est pas correct.",
    AUTH_RESET_CODE_LOCKED: 'Trop de codes erronés. Veuillez demander un nouveau code.',
    AUTH_ADMIN_ONLY: 'Seul un administrateur peut faire ceci.',
    CHAT_CONVERSATION_NOT_FOUND: 'Conversation introuvable.',
    CHAT_SERVER_RESTARTING: 'Le serveur redémarre. Veuillez renvoyer votre message dans un instant.',
    CHAT_REPLY_FAILED:
      'Désolé, une erreur est survenue pendant la rédaction de la réponse. Veuillez réessayer.',
    CHAT_REPLY_INTERRUPTED: 'La réponse a été interrompue par un redémarrage du serveur.',
    CHAT_REPLY_NOT_SAVED: "La réponse n'a pas pu être enregistrée. Veuillez réessayer.",
    CHAT_MESSAGE_NOT_FOUND: 'Cette réponse est introuvable.',
    CHAT_IDEMPOTENCY_KEY_REUSED: 'Ce message a déjà été envoyé avec un autre texte. Veuillez le renvoyer.',
    CHAT_REPLY_STILL_WRITING:
      "Cette réponse est encore en cours d'écriture. Arrêtez-la d'abord, ou attendez qu'elle se termine.",
    CHAT_MESSAGE_NOT_REPLY: 'Seule une réponse peut être régénérée ou notée.',
    CHAT_MODEL_NOT_ALLOWED:
      "Ce modèle n'est pas disponible avec votre forfait. Passez à Pro pour l'utiliser.",
    CHAT_MODEL_UNKNOWN: "Ce modèle n'est plus proposé ici. Choisissez-en un autre.",
    SHARE_NOT_FOUND: "Cette conversation partagée n'existe pas ou n'est plus partagée.",
    IDEMPOTENCY_KEY_REUSED: 'Cette demande a déjà été envoyée avec un autre contenu. Veuillez la refaire.',
    REQUEST_IN_PROGRESS: 'Cette demande est encore en cours de traitement. Son résultat suivra bientôt.',
    CHAT_ATTACHMENT_NOT_FOUND: 'Un fichier ou un canevas joint est introuvable. Retirez-le et réessayez.',
    UPLOAD_FILE_MISSING: 'Choisissez un fichier à envoyer.',
    UPLOAD_TYPE_NOT_ALLOWED:
      'Type de fichier non autorisé. Seuls les images, les PDF, les documents Word et les fichiers texte sont acceptés.',
    UPLOAD_TOO_LARGE: 'Fichier trop volumineux. La taille maximale est de 50 Mo.',
    UPLOAD_NOT_FOUND: 'Fichier envoyé introuvable.',
    UPLOAD_OCR_UNAVAILABLE: "La reconnaissance de texte (OCR) n'est pas disponible sur ce serveur.",
    UPLOAD_EXTRACTION_FAILED: "Le texte de ce fichier n'a pas pu être lu.",
    UPLOAD_EXTRACTION_LIMIT:
      'Ce fichier dépasse ce que le serveur peut lire (trop de pixels, trop volumineux une fois décompressé, trop de mémoire ou de temps). Réduisez-le et envoyez-le à nouveau.',
    SEARCH_PROVIDERS_FAILED:
      'La recherche a échoué. Les services de recherche sont injoignables. Veuillez réessayer.',
    RESEARCH_FAILED: 'La recherche approfondie a échoué. Veuillez réessayer.',
    RESEARCH_NOT_FOUND: 'Recherche introuvable.',
    CANVAS_NOT_FOUND: 'Canevas introuvable.',
    CANVAS_IMAGE_INVALID: "L'image du canevas n'est pas une image PNG valide.",
    CANVAS_SIZE_MISMATCH: "La taille de l'image ne correspond pas à celle du canevas.",
    DRIVE_NOT_CONFIGURED: "L'import depuis Google Drive n'est pas disponible sur ce serveur.",
    DRIVE_NOT_CONNECTED: "Connectez d'abord Google Drive.",
    DRIVE_ACCESS_REVOKED:
      "L'accès à votre Google Drive a été révoqué ou a expiré. Connectez Google Drive à nouveau.",
    DRIVE_FILE_NOT_FOUND: 'Ce fichier est introuvable dans votre Google Drive.',
    DRIVE_FILE_UNSUPPORTED:
      'Cet élément ne peut pas être importé : seuls les fichiers, Google Docs, Sheets, Slides et Drawings le peuvent.',
    DRIVE_UNREACHABLE: 'Google Drive est injoignable. Veuillez réessayer.',
    DRIVE_FAILED: 'Google Drive a répondu par une erreur. Veuillez réessayer.',
    LANGUAGE_TOOL_UNKNOWN_LANGUAGE: "Cette langue n'est pas dans la liste des langues.",
    LANGUAGE_TOOL_SAME_LANGUAGE: 'Choisissez deux langues différentes.',
    DICTIONARY_DATA_MISSING: 'Les données du dictionnaire ne sont pas disponibles sur ce serveur.',
    DICTIONARY_ENTRY_NOT_FOUND: 'Entrée du dictionnaire introuvable.',
    DICTIONARY_AUDIO_UNAVAILABLE: "Le moteur de synthèse vocale n'a pas de voix pour ce mot.",
    AUTH_TWO_FACTOR_CODE_WRONG:
      "Ce code n'est pas correct, ou il a déjà servi. Vérifiez votre application d'authentification et réessayez.",
    AUTH_TWO_FACTOR_CHALLENGE_EXPIRED:
      'Cette connexion a pris trop de temps. Saisissez de nouveau votre nom d’utilisateur et votre mot de passe.',
    AUTH_TWO_FACTOR_ALREADY_ENABLED: 'La connexion en deux étapes est déjà activée.',
    AUTH_TWO_FACTOR_NOT_ENABLED: "La connexion en deux étapes n'est pas activée.",
    AUTH_TWO_FACTOR_SETUP_MISSING:
      "Recommencez l'activation en deux étapes : aucune configuration n'attend de code.",
    AUTH_TWO_FACTOR_CODE_REQUIRED:
      "Saisissez un code de votre application d'authentification, ou un code de secours.",
    AUTH_TWO_FACTOR_LOCKED:
      'Trop de codes erronés : la connexion en deux étapes est verrouillée pour ce compte. Réessayez dans {wait}, ou utilisez le lien de déverrouillage envoyé par e-mail.',
    AUTH_CURRENT_PASSWORD_REQUIRED: "Saisissez votre mot de passe actuel pour changer d'adresse e-mail.",
    ACCOUNT_EXPORT_NOT_FOUND: "Cet export n'existe pas.",
    ACCOUNT_EXPORT_EXPIRED: 'Cet export a expiré. Lancez-en un nouveau.',
    ACCOUNT_EXPORT_FAILED: "L'export n'a pas pu être préparé. Veuillez réessayer.",
    ACCOUNT_DELETE_BILLING_FAILED:
      "Votre abonnement par carte n'a pas pu être annulé, votre compte n'a donc pas été supprimé. Réessayez dans un instant.",
    WEATHER_PLACE_NOT_FOUND:
      'Ce lieu est introuvable. Vérifiez son orthographe et son pays, ou utilisez votre position.',
    WEATHER_UNAVAILABLE: "Les prévisions n'ont pas pu être obtenues pour le moment. Réessayez plus tard.",
    AI_BUSY: "Le service d'IA est occupé pour le moment. Veuillez réessayer dans une minute.",
    AI_UNAVAILABLE: "Le service d'IA est injoignable.",
    AI_MODEL_UNKNOWN:
      "Le service d'IA n'est pas correctement configuré sur ce serveur. Veuillez prévenir l'administrateur.",
    AI_AUTH_FAILED:
      "Le service d'IA n'est pas correctement configuré sur ce serveur. Veuillez prévenir l'administrateur.",
    AI_TIMEOUT: "Le service d'IA n'a pas répondu à temps.",
    AI_REQUEST_REFUSED:
      "Le service d'IA n'est pas correctement configuré sur ce serveur. Veuillez prévenir l'administrateur.",
    AI_CONVERSATION_TOO_LONG:
      'La conversation est trop longue pour le modèle. Veuillez commencer une nouvelle conversation.',
    AI_FAILED: "Le service d'IA a échoué pendant sa réponse. Veuillez réessayer.",
    AI_UNREADABLE_ANSWER: "Le service d'IA a envoyé une réponse illisible.",
    AI_STOPPED_MID_REPLY: "Le service d'IA s'est arrêté au milieu de la réponse. Veuillez réessayer.",
    AI_PROMPT_REFUSED: "Le service d'images a refusé cette description. Veuillez la formuler autrement.",
    MEDIA_VIDEO_UNAVAILABLE: "La génération de vidéos n'est pas encore disponible.",
    IMAGE_PROMPT_NOT_ILLUSTRATABLE:
      'Les illustrations hors ligne de Kasa ne savent pas encore dessiner cela. Essayez de nommer une culture, un animal, un outil ou la météo.',
    STT_UNAVAILABLE: "La transcription n'est pas disponible sur ce serveur.",
    VOICE_AUDIO_UNREADABLE: "Cet enregistrement n'a pas pu être lu. Veuillez en essayer un autre.",
    VOICE_ENGINE_FAILED: 'Le moteur vocal a échoué. Veuillez réessayer.',
    VOICE_AUDIO_MISSING: 'Veuillez choisir un fichier audio.',
    VOICE_NOT_AUDIO: 'Veuillez choisir un fichier audio.',
    VOICE_AUDIO_TOO_LARGE: 'Ce fichier audio est trop volumineux (50 Mo au plus).',
    VOICE_RECORDING_EMPTY:
      'L’enregistrement est vide. Tenez le téléphone près de vous et parlez, puis réessayez.',
    VOICE_LANGUAGE_UNSUPPORTED:
      'La parole dans cette langue ne peut pas encore être comprise ici. Choisissez une autre langue sous « Je parle », ou écrivez votre message.',
    VOICE_NOTHING_HEARD:
      'Rien n’a été entendu dans l’enregistrement. Parlez plus près du micro et réessayez.',
    VOICE_RECORDING_NOT_FOUND: 'Cet enregistrement n’est plus disponible.',
    JOB_NO_WORKER: "Ce service n'est pas disponible pour le moment. Veuillez réessayer dans un instant.",
    JOB_TIMEOUT: 'Cela prend plus de temps que prévu. Veuillez réessayer dans un instant.',
    JOB_FAILED: "Une erreur s'est produite pendant l'opération. Veuillez réessayer.",
    STORAGE_FULL:
      "Kasa n'a pas pu enregistrer le résultat : son espace de stockage est plein. Rien ne vous a été décompté. Veuillez réessayer plus tard.",
    LEGAL_PAGE_NOT_FOUND: "Cette page juridique n'existe pas.",
    FILES_LINK_EXPIRED: 'Ce lien a expiré. Rechargez la page pour en obtenir un nouveau.',
    FILES_LINK_INVALID: "Ce lien n'est pas valide.",
    FILES_NOT_FOUND: "Ce fichier n'existe plus.",
    FILES_RANGE_NOT_SATISFIABLE: "Cette partie du fichier n'existe pas.",
    FILES_NO_THUMBNAIL: "Ce fichier n'a pas d'aperçu. Ouvrez l'original.",
    FILES_THUMBNAIL_BUSY: "Les aperçus sont occupés. Réessayez dans quelques secondes, ou ouvrez l'original.",
    FILES_LINK_REVOKED:
      "Ce lien ne fonctionne plus : le compte s'est déconnecté partout ou a changé de mot de passe. Rechargez la page pour obtenir un nouveau lien.",
    BILLING_NO_CARD_SUBSCRIPTION: "Vous n'avez aucun abonnement par carte actif à résilier.",
    BILLING_ALREADY_CANCELLED:
      "Votre abonnement est déjà résilié : Pro reste actif jusqu'à la fin de la période payée.",
    BILLING_PROVIDER_NOT_CONFIGURED:
      "Cet abonnement a été payé via un prestataire qui n'est plus configuré sur ce serveur.",
    BILLING_PROVIDER_BUSY:
      'Le prestataire de paiement par carte est occupé. Veuillez réessayer dans un instant.',
    BILLING_PROVIDER_UNREACHABLE:
      'Le prestataire de paiement par carte est injoignable. Veuillez réessayer dans un instant.',
    BILLING_PROVIDER_REFUSED:
      'Le prestataire de paiement par carte a refusé la demande. Veuillez réessayer plus tard.',
    BILLING_NETWORK_UNSUPPORTED:
      "Ce réseau de mobile money n'est pas disponible au Cameroun. Veuillez choisir MTN ou Orange.",
    BILLING_WEBHOOK_INVALID: "Le webhook n'indique aucune transaction (data.id).",
    BILLING_CHECKOUT_NOT_FOUND:
      "Ce paiement de test n'existe pas, ou son moyen de paiement ne passe plus par le bac à sable.",
    BILLING_PHONE_NOT_CAMEROON:
      'Les paiements mobile money sont réservés aux numéros camerounais : saisissez votre numéro précédé de +237.',
    BILLING_PHONE_INVALID:
      'Ce numéro n’est pas un numéro mobile money du pays de paiement : vérifiez-le avec le format indiqué sous le champ.',
    BILLING_MOBILE_MONEY_UNREACHABLE: 'Le prestataire de mobile money est injoignable. Veuillez réessayer.',
    BILLING_MOBILE_MONEY_UNAVAILABLE:
      'Les paiements mobile money sont indisponibles pour le moment. Veuillez réessayer plus tard.',
    BILLING_MOBILE_MONEY_REFUSED: 'Le prestataire de mobile money a refusé le paiement.',
    BILLING_STRIPE_NOT_CONFIGURED:
      "Stripe n'est pas configuré : les paiements par carte passent par le bac à sable.",
    BILLING_FLUTTERWAVE_NOT_CONFIGURED:
      "Flutterwave n'est pas configuré : le mobile money passe par le bac à sable.",
    BILLING_WEBHOOK_SIGNATURE_INVALID:
      "L'en-tête Stripe-Signature est absent ou ne correspond pas au contenu.",
    BILLING_WEBHOOK_HASH_INVALID: "L'en-tête verif-hash est absent ou incorrect.",
    BILLING_WEBHOOK_VERIFICATION_UNAVAILABLE:
      "La transaction n'a pas pu être vérifiée auprès de Flutterwave ; réessayez plus tard.",
    waitSeconds: '{count} secondes',
    waitMinutes: '{count} minutes',
    ...GENERIC_ERROR_TEXTS.fr,
  },
});
