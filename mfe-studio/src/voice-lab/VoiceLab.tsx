import { SpeechToText } from './SpeechToText';
import { TextToSpeech } from './TextToSpeech';

/** The Voice Lab tab: speech to text, then text to speech. */
export default function VoiceLab() {
  return (
    <>
      <SpeechToText />
      <TextToSpeech />
    </>
  );
}
