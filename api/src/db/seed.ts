/**
 * PLACEHOLDER — the demo data set (decisions §10) is being written by another
 * engineer and will replace this file. Contract: loads the demo data into an
 * empty database and does nothing when users already exist.
 * @returns `{seeded: true}` when it loaded data, `{seeded: false}` otherwise (always, here).
 */
export async function seedDemoData(opts: { uploadsDir: string; log?: (line: string) => void }): Promise<{ seeded: boolean }> {
  void opts;
  return { seeded: false };
}
