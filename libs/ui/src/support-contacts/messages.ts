import { defineMessages } from '../i18n';

/** The support contacts (SupportContacts.tsx): one link per configured channel. */
export const supportMessages = defineMessages({
  en: {
    supportContacts: 'Support contacts',
    email: 'E-mail',
    whatsapp: 'WhatsApp',
    phone: 'Phone',
    contact: '{channel}: {value}',
  },
  fr: {
    supportContacts: "Contacts de l'assistance",
    email: 'E-mail',
    whatsapp: 'WhatsApp',
    phone: 'Téléphone',
    contact: '{channel} : {value}',
  },
});
