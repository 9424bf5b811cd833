// The big-screen table page (/): lobby with join QR codes, the shared table, results and
// host controls. Everything lives in hostpage.js, shared with the single-device page.
import { HostPage } from "./hostpage.js";

const page = new HostPage("table");
page.start();
window.__domino = page;
