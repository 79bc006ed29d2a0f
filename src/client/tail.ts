// A live tail's answer (text/event-stream) read as the entries its messages carry: each message's `data`
// lines joined and parsed as JSON; comments (keep-alives) and other fields skipped.

export async function* sseData<T>(response: Response): AsyncGenerator<T> {
  if (!response.body) return;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const data = buffer
          .slice(0, end)
          .split("\n")
          .filter((line) => line.startsWith("data: "))
          .map((line) => line.slice(6))
          .join("\n");
        buffer = buffer.slice(end + 2);
        if (data) yield JSON.parse(data) as T;
      }
    }
  } finally {
    // a consumer that stops early (break) ends the request
    await reader.cancel().catch(() => undefined);
  }
}
