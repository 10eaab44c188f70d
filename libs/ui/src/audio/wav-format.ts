/** The sample rate recordings are saved at (Hz): mono, 16-bit, so 32,000 bytes a second. */
export const WAV_SAMPLE_RATE = 16_000;
