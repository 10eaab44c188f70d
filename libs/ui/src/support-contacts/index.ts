export * from './SupportContacts';
export * from './support-links';
