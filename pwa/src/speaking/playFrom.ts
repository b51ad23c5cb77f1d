/**
 * Plays an audio element from a time (docs/product.md#how-did-it-sound: a pause of the timeline
 * plays the recording from its start): seeks to `ms` (milliseconds from the start, at least 0)
 * and plays. A browser that refuses to play (no user gesture, no audio output) still shows the
 * new time; nothing is thrown. Does nothing without an element.
 */
export function playAudioFrom(audio: HTMLAudioElement | null, ms: number): void {
  if (!audio) return;
  audio.currentTime = Math.max(0, ms) / 1000;
  try {
    void audio.play()?.catch(() => undefined);
  } catch {
    // old browsers' play() returns nothing and may throw instead
  }
}
