/**
 * The terminal's request log (issue 15): one readable line per request instead of pino's JSON, e.g.
 * `12:04:31 POST /api/labels/list 200 4 ms`. Other lines read `12:04:31 WARN message`, with the error's
 * stack below when there is one. JSON stays for production (NODE_ENV=production or LOG_FORMAT=json),
 * where logs go to a collector. No worker thread and no dependency: the warm start stays fast.
 */

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

interface LogLine {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
}

const clock = (time: number | undefined) => new Date(time ?? Date.now()).toTimeString().slice(0, 8);

/** Formats pino's JSON lines; remembers each request's method and URL until its completion line. */
export const createLogFormatter = () => {
  const pending = new Map<string, string>();
  return (json: string): string | null => {
    let line: LogLine;
    try {
      line = JSON.parse(json) as LogLine;
    } catch {
      return json.trimEnd();
    }
    const at = clock(line.time);
    if (line.msg === 'incoming request' && line.reqId && line.req) {
      // Bounded: a request that never completes must not grow the map for ever.
      if (pending.size > 10_000) pending.clear();
      pending.set(line.reqId, `${line.req.method ?? ''} ${line.req.url ?? ''}`);
      return null;
    }
    if (line.msg === 'request completed' && line.reqId) {
      const what = pending.get(line.reqId) ?? line.reqId;
      pending.delete(line.reqId);
      const ms = line.responseTime === undefined ? '' : ` ${Math.round(line.responseTime)} ms`;
      return `${at} ${what} ${line.res?.statusCode ?? ''}${ms}`;
    }
    const level = LEVELS[line.level ?? 30] ?? 'INFO';
    const text = `${at} ${level} ${line.msg ?? line.err?.message ?? ''}`;
    return line.err?.stack ? `${text}\n${line.err.stack}` : text;
  };
};

/** A pino destination that writes the formatted lines to stdout. */
export const prettyLogStream = (out: { write(s: string): unknown } = process.stdout) => {
  const format = createLogFormatter();
  return {
    write(json: string) {
      const text = format(json);
      if (text !== null) out.write(`${text}\n`);
    },
  };
};
