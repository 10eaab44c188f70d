// Moved to shared/ (voice mode speaks replies too); kept here for the conversation's imports.
export { plainTextOf, speechTextOf } from '../shared/speech-text';
