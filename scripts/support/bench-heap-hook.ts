// Loaded into the server by the memory bench only (`node --expose-gc --import` this file; never in
// product code): on SIGUSR2 it runs a full garbage collection, then prints one line of
// process.memoryUsage() on stderr. RSS alone cannot tell a heap growing to its working size from
// memory kept per call; the heap in use after a forced collection can (bench-memory.ts).
const collectGarbage = (globalThis as { gc?: () => void }).gc;

process.on("SIGUSR2", () => {
  // twice: the first collection can leave what finalizers and weak callbacks freed for the next
  collectGarbage?.();
  collectGarbage?.();
  process.stderr.write(`bench-heap ${JSON.stringify({ gc: Boolean(collectGarbage), ...process.memoryUsage() })}\n`);
});
