// Run by scripts/bench_web.py in the table page: a board with every tile of a double-twelve set
// on it, one more play (it animates), and each frame's main-thread time in ms.
(async () => {
  const { Board } = await import("/static/js/parts/board.js");
  await import("/static/js/parts/trains.js"); // the board fetches it at its first trains: here before
  const box = document.createElement("div");
  box.className = "table-board";
  box.style.cssText = "position:fixed;left:0;top:0;width:1600px;height:860px;z-index:99";
  document.body.append(box);
  const board = new Board(box, { maxTile: 110, minLong: 66 });
  const tiles = [];
  for (let a = 12; a >= 0; a--) for (let b = a; b >= 0; b--) if (!(a === 12 && b === 12)) tiles.push([a, b]);
  const trains = Array.from({ length: 11 }, () => []);
  tiles.forEach(([a, b], i) => trains[i % 11].push({ tile: `${a}-${b}`, from: a, to: b, double: a === b }));
  const view = (n) => ({
    round: 1, profile: "mexican-train", phase: "play", turn: 0, players: 10, line: [], ends: null,
    history: trains.slice(0, 10).flatMap((tr, s) => tr.slice(0, s === 0 ? n : tr.length).map((x) => ({ seat: s, play: x.tile, train: s }))),
    trains: {
      engine: "12-12", uncovered: null, run: null,
      mexican: { tiles: trains[10], end: 0 },
      personal: trains.slice(0, 10).map((tr, s) => ({ tiles: s === 0 ? tr.slice(0, n) : tr, end: 0, marker: s % 3 === 0 })),
    },
  });
  const room = { seats: Array.from({ length: 10 }, (_, i) => ({ seat: i, kind: "computer", name: `Computer ${i + 1}` })) };
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  board.render(view(trains[0].length - 1), { room, mySeat: null });
  for (let i = 0; i < 10; i++) await frame();
  const times = [];
  board.render(view(trains[0].length), { room, mySeat: null }); // one more tile: it animates
  const chan = new MessageChannel();
  for (let i = 0; i < 40; i++) {
    await new Promise((done) => requestAnimationFrame(() => {
      const t0 = performance.now();
      chan.port1.onmessage = () => { times.push(performance.now() - t0); done(); };
      chan.port2.postMessage(0);
    }));
  }
  const onBoard = box.querySelectorAll(".board-tile, .train-hub[data-tile]").length;
  const hidden = [...box.querySelectorAll(".train-more")].reduce((s, m) => s + Number(m.textContent.slice(1)), 0);
  const shown = onBoard + hidden; // tiles drawn plus those a collapsed train counts as "+n"
  box.remove();
  return { times, onBoard, shown };
})
