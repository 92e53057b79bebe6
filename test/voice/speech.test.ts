// The offline speech the voice tests rely on: espeak-ng's voice, recognised by pocketsphinx
// against the phrase grammar, at the rates the two voice modes use, the same answer every time.
import { describe, expect, it } from "vitest";
import { PHRASES, pcmOf, recognize, speak } from "../../scripts/support/speech";

describe("espeak-ng → pocketsphinx", () => {
  it.each(PHRASES.map((phrase) => [phrase]))("%j is heard as itself at 16 and 24 kHz, twice alike", async (phrase) => {
    for (const rate of [16_000, 24_000]) {
      const pcm = pcmOf(await speak(phrase, { rate, lead: 1 }));
      expect(await recognize(pcm, rate)).toBe(phrase);
      expect(await recognize(pcm, rate)).toBe(phrase);
    }
  });

  it("silence is heard as nothing", async () => {
    expect(await recognize(Buffer.alloc(24_000 * 2), 24_000)).toBe("");
  });
});
