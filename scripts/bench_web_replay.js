// Run by scripts/bench_web.py in the table page, with a saved game's round open in the replay
// panel: each step's main-thread time in ms, for every step of the round, forward then back to
// the deal. A step is taken as the → key takes it, inside a frame's requestAnimationFrame
// callback; the board draws in the next frame's callbacks. Both frames are timed, each from its
// callback until a message posted there runs (after style, layout and paint), and added up: the
// step's whole work, which must fit in one frame.
(async () => {
  const root = document.querySelector(".replay");
  const last = Number(root.dataset.steps);
  const chan = new MessageChannel();
  const now = () => performance.now();
  const times = [];
  const step = (key) =>
    new Promise((done) =>
      requestAnimationFrame(() => {
        const t0 = now();
        performance.mark("replay-step"); // where the step starts, in the trace's main-thread tasks
        let first = 0;
        // registered before the key: in the next frame it runs before the board draws
        requestAnimationFrame(() => {
          const t1 = now();
          chan.port1.onmessage = () => {
            times.push(first + now() - t1);
            done();
          };
          chan.port2.postMessage(0);
        });
        chan.port1.onmessage = () => {
          first = now() - t0;
        };
        document.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
        chan.port2.postMessage(0);
      }),
    );
  for (let i = 0; i < last; i++) await step("ArrowRight");
  const atEnd = Number(root.dataset.step);
  for (let i = 0; i < last; i++) await step("ArrowLeft");
  return { times, steps: last, atEnd, atStart: Number(root.dataset.step) };
})
