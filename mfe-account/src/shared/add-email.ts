/** Asks the Profile tab to open its form with the e-mail field focused (the overview's nudge). */
export const ADD_EMAIL_PARAM = 'edit';
export const ADD_EMAIL_VALUE = 'email';
export const ADD_EMAIL_PATH = `/account?tab=profile&${ADD_EMAIL_PARAM}=${ADD_EMAIL_VALUE}`;
