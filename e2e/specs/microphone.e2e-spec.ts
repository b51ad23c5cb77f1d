import type { Page } from '@playwright/test';
import { expect, test } from '../src/fixtures';

/** The recording types a "Speaking practice" recorder would ask for, best first. */
const TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus'];

/** WebM's (EBML's) first four bytes. */
const EBML = [0x1a, 0x45, 0xdf, 0xa3];

/**
 * In the page: the fake microphone (launch flags in playwright.config.ts)
 * through getUserMedia, the types of TYPES MediaRecorder supports, and 2 s
 * recorded with the first of them.
 */
async function recordTwoSeconds(page: Page) {
  return page.evaluate(async (types) => {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const label = stream.getAudioTracks()[0]?.label ?? '';
    const supported = types.filter((t) => MediaRecorder.isTypeSupported(t));
    const chosen = supported[0] ?? '';
    const recorder = new MediaRecorder(stream, chosen ? { mimeType: chosen } : {});
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    recorder.stop();
    await stopped;
    for (const track of stream.getTracks()) track.stop();
    const blob = new Blob(chunks, { type: chunks[0]?.type ?? recorder.mimeType });
    const head = [...new Uint8Array(await blob.slice(0, 4).arrayBuffer())];
    // Something was heard: the loudest sample of the decoded recording.
    const audio = await new AudioContext().decodeAudioData(await blob.arrayBuffer());
    const peak = audio.getChannelData(0).reduce((max, s) => Math.max(max, Math.abs(s)), 0);
    return { label, supported, chosen, type: blob.type, size: blob.size, head, seconds: audio.duration, peak };
  }, TYPES);
}

function expectARecording(result: Awaited<ReturnType<typeof recordTwoSeconds>>) {
  test
    .info()
    .annotations.push(
      { type: 'microphone', description: result.label },
      { type: 'supported', description: result.supported.join(', ') },
      { type: 'recording', description: `${result.type}, ${result.size} bytes, ${result.seconds.toFixed(2)} s, peak ${result.peak.toFixed(3)}` },
    );
  expect(result.supported.length).toBeGreaterThan(0);
  expect(result.type.replace(/\s/g, '')).toBe(result.chosen);
  expect(result.size).toBeGreaterThan(0);
  if (result.chosen.startsWith('audio/webm')) expect(result.head).toEqual(EBML);
  expect(result.seconds).toBeGreaterThan(1.5);
  expect(result.peak).toBeGreaterThan(0.01);
}

test.describe('the fake microphone', () => {
  test("MediaRecorder records 2 s of it on a page of the app's origin", async ({ page }) => {
    // A bare page of the app's origin (localhost, a secure context), without
    // the app's Permissions-Policy: the browser's side alone.
    await page.route('**/microphone-probe', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Microphone probe</title>' }));
    await page.goto('/microphone-probe');
    expectARecording(await recordTwoSeconds(page));
  });

  test("the app's own pages let it record", async ({ page }) => {
    // The app's Permissions-Policy allows the microphone to its own origin (api/src/platform/security/headers.ts).
    const res = await page.goto('/login');
    expect(res?.headers()['permissions-policy']).toContain('microphone=(self)');
    expectARecording(await recordTwoSeconds(page));
  });
});
