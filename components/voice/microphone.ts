// The microphone and the speaker for voice sessions: the browser's permission prompt explained in
// words, PCM16 capture at the rate a provider wants (an AudioWorklet; the context resamples the
// device), WAV for recorded turns, and gapless playback of PCM16 chunks.

/** The microphone's stream, or an Error whose message says in words what went wrong and what to do. */
export async function openMicrophone(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) {
    throw new Error("This browser cannot use a microphone here (voice needs a secure page: https, or localhost).");
  }
  try {
    return await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
  } catch (error) {
    const name = (error as DOMException).name;
    if (name === "NotAllowedError" || name === "SecurityError") {
      throw new Error(
        "The microphone was refused. Allow it for this site (the icon at the left of the address bar), then press Start voice again.",
      );
    }
    if (name === "NotFoundError" || name === "OverconstrainedError")
      throw new Error("No microphone was found. Connect one, then press Start voice again.");
    if (name === "NotReadableError")
      throw new Error("The microphone is busy in another application. Close it there, then press Start voice again.");
    throw new Error(`The microphone could not be opened (${name || "unknown error"}).`);
  }
}

// Float samples in, 16-bit samples out, in chunks of about 100 ms.
const WORKLET = `
class Pcm16Capture extends AudioWorkletProcessor {
  constructor() { super(); this.buffer = []; this.size = Math.round(sampleRate / 10); }
  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    if (channel) for (const sample of channel) {
      const s = Math.max(-1, Math.min(1, sample));
      this.buffer.push(s < 0 ? s * 0x8000 : s * 0x7fff);
      if (this.buffer.length >= this.size) { this.port.postMessage(Int16Array.from(this.buffer)); this.buffer = []; }
    }
    return true;
  }
}
registerProcessor("pcm16-capture", Pcm16Capture);`;

/** Streams the microphone as PCM16 chunks at `sampleRate`; call the result to stop. */
export async function capturePcm(
  stream: MediaStream,
  sampleRate: number,
  onChunk: (pcm: Int16Array) => void,
): Promise<() => void> {
  const context = new AudioContext({ sampleRate });
  const url = URL.createObjectURL(new Blob([WORKLET], { type: "text/javascript" }));
  try {
    await context.audioWorklet.addModule(url);
  } finally {
    URL.revokeObjectURL(url);
  }
  const source = context.createMediaStreamSource(stream);
  const node = new AudioWorkletNode(context, "pcm16-capture");
  node.port.onmessage = (event: MessageEvent<Int16Array>) => onChunk(event.data);
  source.connect(node);
  return () => {
    source.disconnect();
    node.port.onmessage = null;
    void context.close();
  };
}

/** A mono 16-bit PCM WAV file of the chunks. */
export function wavOf(chunks: Int16Array[], sampleRate: number): Uint8Array {
  const samples = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const bytes = new Uint8Array(44 + samples * 2);
  const view = new DataView(bytes.buffer);
  const text = (offset: number, value: string) => {
    for (const [index, char] of [...value].entries()) view.setUint8(offset + index, char.charCodeAt(0));
  };
  text(0, "RIFF");
  view.setUint32(4, 36 + samples * 2, true);
  text(8, "WAVE");
  text(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, "data");
  view.setUint32(40, samples * 2, true);
  let offset = 44;
  for (const chunk of chunks) for (const sample of chunk) view.setInt16(offset, sample, true), (offset += 2);
  return bytes;
}

export function base64Of(bytes: Uint8Array): string {
  let binary = "";
  for (let index = 0; index < bytes.length; index += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary);
}

/** Plays PCM16 chunks one after the other; `idle` fires when the last one has been heard. */
export class PcmPlayer {
  private context: AudioContext;
  private next = 0;
  private playing = 0;
  constructor(
    private sampleRate: number,
    private idle: () => void,
  ) {
    this.context = new AudioContext({ sampleRate });
  }
  play(pcm: ArrayBuffer): void {
    const samples = new Int16Array(pcm);
    if (samples.length === 0) return;
    const buffer = this.context.createBuffer(1, samples.length, this.sampleRate);
    const channel = buffer.getChannelData(0);
    for (let index = 0; index < samples.length; index++) channel[index] = samples[index]! / 0x8000;
    const source = this.context.createBufferSource();
    source.buffer = buffer;
    source.connect(this.context.destination);
    this.next = Math.max(this.next, this.context.currentTime);
    source.start(this.next);
    this.next += buffer.duration;
    this.playing++;
    source.onended = () => {
      if (--this.playing === 0) this.idle();
    };
  }
  get busy(): boolean {
    return this.playing > 0;
  }
  close(): void {
    void this.context.close();
  }
}
