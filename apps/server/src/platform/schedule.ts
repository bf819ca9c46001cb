/**
 * A job the server runs on a timer (the reminder engine's hourly run, the subscriptions' renewal run): first a few
 * seconds after the server listens (never before /api/health answers), then every `everyMs`. A run still going when
 * the next is due is not started twice in this process (other processes are kept apart by the job's own database
 * rule). A failed run is logged and the next one tries again. Returns the stop function.
 */
export const scheduleEvery = (
  name: string,
  run: () => Promise<void>,
  log: { error: (o: object, msg: string) => void },
  everyMs = 60 * 60_000,
  firstMs = 5_000,
) => {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await run();
    } catch (e) {
      log.error({ err: e }, `${name} run failed`);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(tick, firstMs);
  const timer = setInterval(tick, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
};
